// The rules test environment: firestore.rules loaded into the emulator the `emulator` project started,
// under a project id of its own so these documents never mix with the API tests' data, and one client
// (the real web SDK) per actor.
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { type Firestore, setLogLevel } from 'firebase/firestore';
import { inject } from 'vitest';
import { SIGNED_IN } from './fixtures';

export const PROJECT_ID = 'demo-rules-test';
export const RULES_PATH = 'firestore.rules';

export function firestoreEmulator(): { host: string; port: number } {
  const hostAndPort = process.env.FIRESTORE_EMULATOR_HOST || inject('emulatorEnv').FIRESTORE_EMULATOR_HOST;
  const match = /^(.+):(\d+)$/.exec(hostAndPort ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`FIRESTORE_EMULATOR_HOST is not host:port: "${hostAndPort}"`);
  return { host: match[1], port: Number(match[2]) };
}

export async function startRulesEnv(): Promise<RulesTestEnvironment> {
  // Each denied write makes the SDK warn about its write stream; denials are what these tests expect.
  // Errors still print (and fail the test, through fail-on-console-error).
  setLogLevel('error');
  const { host, port } = firestoreEmulator();
  return initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host, port, rules: readFileSync(RULES_PATH, 'utf8') },
  });
}

/** Who asks. `alice` owns the seeded per-user documents, `bob` is another signed-in user. */
export type Actor = 'anonymous' | 'alice' | 'bob' | 'admin';
export const ACTORS: readonly Actor[] = ['anonymous', 'alice', 'bob', 'admin'];

/** How an actor reads in a test name, for documents alice owns. */
export const AS_OWNER: Record<Actor, string> = {
  anonymous: 'anonymous',
  alice: 'the owner',
  bob: 'another user',
  admin: 'an admin',
};

/** How an actor reads in a test name, for documents nobody owns. */
export const AS_VISITOR: Record<Actor, string> = {
  anonymous: 'anonymous',
  alice: 'a user',
  bob: 'another user',
  admin: 'an admin',
};

// rules-unit-testing hands out the compat Firestore; the modular functions the web app uses accept it
// (they unwrap its modular delegate), so tests read and write exactly as the app would.
const asModular = (db: unknown) => db as Firestore;

/** A token's auth_time (seconds): when its session signed in. */
export const authTime = (date: Date) => Math.floor(date.getTime() / 1000);

export function clientsFor(testEnv: RulesTestEnvironment): Record<Actor, Firestore> {
  return {
    anonymous: asModular(testEnv.unauthenticatedContext().firestore()),
    alice: clientWithClaims(testEnv, 'alice', { email: 'alice@example.com' }),
    bob: clientWithClaims(testEnv, 'bob', { email: 'bob@example.com' }),
    admin: clientWithClaims(testEnv, 'admin', { email: 'admin@example.com', admin: true, mfa: true, mfaAt: secondFactorAt() }),
  };
}

/** A signed-in client with arbitrary token claims (signed in at SIGNED_IN unless `auth_time` says otherwise). */
export function clientWithClaims(testEnv: RulesTestEnvironment, uid: string, claims: Record<string, unknown>): Firestore {
  return asModular(testEnv.authenticatedContext(uid, { auth_time: authTime(SIGNED_IN), ...claims }).firestore());
}

/** Runs `write` with rules disabled (the way the API's Admin SDK writes). */
export function asServer(testEnv: RulesTestEnvironment, write: (db: Firestore) => Promise<void>): Promise<void> {
  return testEnv.withSecurityRulesDisabled((context) => write(asModular(context.firestore())));
}

/** When a test admin passed the second factor: a minute ago (the rules accept 12 hours). */
export const secondFactorAt = () => Math.floor(Date.now() / 1000) - 60;
