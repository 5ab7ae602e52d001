// Starts the Firestore (with firestore.rules), Auth and Storage (with storage.rules) emulators on free ports
// for the `emulator` project, unless FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST and
// FIREBASE_STORAGE_EMULATOR_HOST already point at running ones.
import type { TestProject } from 'vitest/node';
import { type Stack, startStackOnFreePorts } from '../../scripts/lib/emulators';

let stack: Stack | undefined;

export async function setup(project: TestProject) {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST || !process.env.FIREBASE_STORAGE_EMULATOR_HOST) {
    stack = await startStackOnFreePorts({
      emulators: ['firestore', 'auth', 'storage'],
      projectId: 'demo-smm-test',
      output: 'file',
      label: 'emulator-tests',
    });
    Object.assign(process.env, stack.env);
  }
  process.env.GCLOUD_PROJECT ??= 'demo-smm-test';
  project.provide('emulatorEnv', {
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST ?? '',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
    FIREBASE_STORAGE_EMULATOR_HOST: process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '',
    GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? '',
  });
}

export async function teardown() {
  await stack?.stop();
}
