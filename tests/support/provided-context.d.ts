// Values the global setups hand to the test files through `inject`.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorEnv: {
      FIRESTORE_EMULATOR_HOST: string;
      FIREBASE_AUTH_EMULATOR_HOST: string;
      FIREBASE_STORAGE_EMULATOR_HOST: string;
      GCLOUD_PROJECT: string;
    };
    /** firebaseLog: the output of firebase-tools (Auth, Functions, Hosting emulators). */
    stack: { url: string; env: Record<string, string>; firebaseLog: string };
    /** The demo provider beside the stack (its orders complete in about 12 s), for the admin to add. */
    demoProvider: { url: string; key: string };
    /**
     * The run's one Chromium (a playwright-core server: `chromium.connect(wsEndpoint)`), and the seeded
     * admin's and demo customer's sessions, signed in once through the UI (storageState files, IndexedDB
     * included), and the admin session's refresh token (its ID tokens pass the second factor): tests/e2e/fixture.ts.
     */
    browser: { wsEndpoint: string; sessions: { admin: string; customer: string }; adminRefreshToken: string };
  }
}
