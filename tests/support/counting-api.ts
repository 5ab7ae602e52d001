// A second in-process API that counts Firestore reads (X-Firestore-Reads on each answer), beside the file's
// own (tests/support/api.ts), for the tests that measure what a request reads.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../functions/src/app';
import { providerPort } from '../../functions/src/workers/provider-port';

/** The counting API, there from the file's first test and closed after its last. */
export function countingApiForFile(): { readonly url: string } {
  let url = '';
  let close = () => {};
  beforeAll(async () => {
    const server = createApp({ providers: providerPort(), countFirestoreReads: true }).listen(0, '127.0.0.1');
    await new Promise<void>((done) => server.once('listening', () => done()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  return {
    get url() {
      return url;
    },
  };
}
