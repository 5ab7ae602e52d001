// The Admin SDK, initialised once per process.
import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { config } from './config';

const app = getApps().length > 0 ? getApp() : initializeApp({ projectId: config.projectId });

export const db = getFirestore(app);
db.settings({ ignoreUndefinedProperties: true });

export const auth = getAuth(app);
