// The Admin SDK, initialised once per process.
import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { config } from './config';

export const app = getApps().length > 0 ? getApp() : initializeApp({ projectId: config.projectId, storageBucket: config.storageBucket });

// An emulator test file's Firestore may be a project of its own (config.firestoreProjectId).
export const db =
  config.firestoreProjectId === config.projectId
    ? getFirestore(app)
    : getFirestore(initializeApp({ projectId: config.firestoreProjectId }, 'test-file-firestore'));
db.settings({ ignoreUndefinedProperties: true });

export const auth = getAuth(app);

/** The default bucket: payment proofs (FIREBASE_STORAGE_EMULATOR_HOST points it at the emulator). */
export const bucket = () => getStorage(app).bucket();
