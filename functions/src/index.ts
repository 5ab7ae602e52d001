// Wiring only: the one HTTPS function `api`, serving every /api/... path through the Hosting rewrite.
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { config } from './lib/config';
import { hideBodiesFromHost } from './lib/host-body';

hideBodiesFromHost();

setGlobalOptions({ region: config.region, maxInstances: 20 });

export const api = onRequest({ concurrency: 80, memory: '512MiB', timeoutSeconds: 60 }, createApp());
