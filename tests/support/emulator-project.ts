// Each emulator test file gets a Firestore project of its own (the emulator keeps projects apart), named
// from the file's path: files run side by side, each clearing only its own data. Auth stays one project
// (the Auth emulator signs every password sign-in into its default project), where each file makes its
// own accounts and clears none. Runs after tests/support/shared-process.ts, before the file imports
// anything, so the Admin SDK (functions/src/lib/admin.ts) opens this project.
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { expect } from 'vitest';

const testPath = expect.getState().testPath;
if (!testPath) throw new Error('emulator-project.ts runs as a Vitest setup file, where the test file is known');
process.env.TEST_FIRESTORE_PROJECT = `demo-t-${createHash('sha256').update(relative(process.cwd(), testPath)).digest('hex').slice(0, 12)}`;
