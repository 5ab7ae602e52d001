// Test helpers for the HTTP API: the same Express app the `api` function serves, listening on a free
// port, talking to the real Firestore and Auth emulators; accounts made through the Auth emulator.

import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { signIn, signInWithCustomToken, signUp } from '../../scripts/lib/auth-emulator';

const env = inject('emulatorEnv');
Object.assign(process.env, env);

const firestoreHost = () => `http://${process.env.FIRESTORE_EMULATOR_HOST}`;
/** This file's Firestore project (tests/support/emulator-project.ts). */
export const firestoreProjectId = () => {
  if (!process.env.TEST_FIRESTORE_PROJECT)
    throw new Error('TEST_FIRESTORE_PROJECT is set per test file (tests/support/emulator-project.ts)');
  return process.env.TEST_FIRESTORE_PROJECT;
};

export interface ApiServer {
  url: string;
  close: () => Promise<void>;
}

export async function startApi(): Promise<ApiServer> {
  const { createApp } = await import('../../functions/src/app');
  const { providerPort } = await import('../../functions/src/workers/provider-port');
  const server = createApp({ providers: providerPort() }).listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', () => done()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

function addressFor(token: string): string {
  const digest = createHash('sha256')
    .update(token.split('.')[1] ?? token)
    .digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
    // Each signed-in test user calls from an address of its own (as real customers do), so a
    // per-address limit applies only where a test sets X-Forwarded-For itself.
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'x-forwarded-for'))
      headers['x-forwarded-for'] = addressFor(options.token);
  }
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text so the assertion shows it
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  name: string;
  token: string;
  refresh: () => Promise<string>;
}

export { signIn };

/**
 * A new Auth account (email/password) with an ID token; `admin` sets the custom claim first and passes
 * the second factor as the console does (enrolled on first use, then a code), so the token opens
 * the admin routes.
 */
export async function createUser(options: { admin?: boolean; name?: string; email?: string; password?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `u-${randomUUID().slice(0, 12)}@example.com`;
  const password = options.password ?? 'password123';
  const name = options.name ?? email.split('@')[0] ?? 'User';
  const uid = (await signUp(email, password, name)).localId;
  if (options.admin) {
    const { auth } = await import('../../functions/src/lib/admin');
    await auth.setCustomUserClaims(uid, { admin: true });
  }
  const user: TestUser = {
    uid,
    email,
    password,
    name,
    token: '',
    refresh: async () => {
      const signedIn = (await signIn(email, password)).idToken;
      user.token = options.admin ? await passSecondFactor({ uid, email, name }) : signedIn;
      return user.token;
    },
  };
  await user.refresh();
  return user;
}

/**
 * An admin's ID token with the second factor, through the same code the API runs: enrolled the
 * first time, then a code the verifier accepts now (the earliest step not used yet), exchanged with the
 * Auth emulator as the web SDK exchanges the custom token.
 */
export async function passSecondFactor(admin: { uid: string; email: string; name: string }): Promise<string> {
  const { adminMfaRef, enrollMfa, verifyMfa } = await import('../../functions/src/services/accounts/admin-mfa');
  const { nextAcceptableCode } = await import('../../functions/src/lib/totp');
  const identity = { ...admin, admin: true };
  for (;;) {
    const stored = (await adminMfaRef(admin.uid).get()).data() as { secret: string; lastStep: number } | undefined;
    const secret = stored?.secret ?? (await enrollMfa(identity, undefined, 'in-process')).secret;
    const code = nextAcceptableCode(secret, stored?.lastStep ?? 0);
    if (code) return (await signInWithCustomToken((await verifyMfa(identity, code)).customToken)).idToken;
    // Every code of the window was used: the next step brings a new one.
    await new Promise((done) => setTimeout(done, 1000));
  }
}

/** Credits `rupees` through the real credit path (as an admin's add-balance does). */
export async function fund(user: TestUser, rupees: number): Promise<void> {
  const { addBalance } = await import('../../functions/src/services/money/credits');
  await addBalance({ uid: 'test-setup', email: 'test-setup' }, { email: user.email, amount: rupees });
}

/**
 * A read straight from Firestore's REST API with the user's ID token, as a web client would make it,
 * judged by firestore.rules: the HTTP status (200 allowed, 403 denied). A collection path lists it.
 */
export async function readFirestoreAs(token: string, path: string): Promise<number> {
  return (await fetchFirestoreAs(token, path)).status;
}

/** The same read, answered: what the client receives (the document as Firestore's REST API sends it). */
export async function fetchFirestoreAs(token: string, path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${firestoreHost()}/v1/projects/${firestoreProjectId()}/databases/(default)/documents/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, text: await res.text() };
}

/** Makes a reseller API key for the user through the API; returns the key. */
export async function createApiKeyFor(base: string, user: TestUser): Promise<string> {
  const res = await call(base, 'POST', '/api/api-key', { token: user.token });
  if (res.status !== 201) throw new Error(`POST /api/api-key answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.key as string;
}

/** A reseller API v2 request with the key (form-encoded, as most clients send it): the parsed JSON. */
export async function v2With(base: string, key: string, params: Record<string, string | number> = { action: 'balance' }) {
  const res = await fetch(`${base}/api/v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }).toString(),
  });
  return (await res.json()) as any;
}

/**
 * Empties this file's Firestore project. Auth is shared by the files running beside it, which each make
 * accounts of their own (random emails): only a file of the `emulator-serial` project, which runs alone,
 * empties Auth too.
 */
export async function resetEmulators(): Promise<void> {
  await fetch(`${firestoreHost()}/emulator/v1/projects/${firestoreProjectId()}/databases/(default)/documents`, { method: 'DELETE' });
  if (process.env.TEST_AUTH_EXCLUSIVE === 'true') {
    await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${process.env.GCLOUD_PROJECT}/accounts`, {
      method: 'DELETE',
    });
  }
}

export async function seedCatalogue(): Promise<void> {
  const { seedCatalogue: seedStore } = await import('../../functions/src/services/catalogue/catalogue');
  await seedStore();
}

/**
 * The usual setup of an API test file: empty emulators with the catalogue, then the app on a free
 * port; after the file, the money invariants (when asked) and the server closed.
 */
export function apiServerForFile(options: { moneyInvariants?: boolean } = {}): { readonly url: string } {
  let server: ApiServer | undefined;
  beforeAll(async () => {
    await resetEmulators();
    await seedCatalogue();
    server = await startApi();
  });
  afterAll(async () => {
    try {
      if (options.moneyInvariants) {
        const { expectMoneyInvariants } = await import('./money-invariants');
        await expectMoneyInvariants();
      }
    } finally {
      await server?.close();
    }
  });
  return {
    get url() {
      if (!server) throw new Error('The API server has not started');
      return server.url;
    },
  };
}

/**
 * Sends a request again while `isBusy` says it was answered busy (nothing written), at most 10 times,
 * a second or two apart, as the contract lets a client do.
 */
export async function retryWhileBusy<A>(send: () => Promise<A>, isBusy: (answer: A) => boolean): Promise<A> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (!isBusy(answer) || attempt === 10) return answer;
    await new Promise((done) => setTimeout(done, 1000 * (1 + Math.random())));
  }
}

/**
 * Every item of a paged list (`{ [itemsKey]: T[], nextCursor }`), `limit` a page, following nextCursor;
 * checks each answer is 200 and no page is over the limit; also how many pages it took.
 */
export async function pageThrough<T>(
  base: string,
  token: string,
  path: string,
  itemsKey: string,
  limit: number,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: ApiAnswer = await call(base, 'GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[itemsKey].length).toBeLessThanOrEqual(limit);
    items.push(...(res.body[itemsKey] as T[]));
    cursor = res.body.nextCursor as string | null;
    pages++;
  } while (cursor && pages < 200);
  return { items, pages };
}
