// firestore.rules as a matrix: per collection, anonymous / owner / another user / admin × get, list,
// create, update, delete, through the web SDK against the emulator. Every test starts from the same
// documents (fixtures.ts), written with rules disabled as the API's Admin SDK would write them: written again
// only after a test changed them (a write with rules disabled, or a failed test: a client write let through),
// as clearing the store costs the emulator more with every version it keeps (docs/decisions/0017).
// The last test reads the emulator's rule coverage; the report is saved under test-results/rules-coverage/.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  type DocumentData,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conditions, fetchCoverage, saveCoverageReport, uncoveredConditions } from './coverage';
import {
  ACTIVE_SERVICE,
  ALICE_NOTIFICATION,
  ALICE_ORDER,
  ALICE_TICKET,
  BOB_NOTIFICATION,
  BOB_ORDER,
  BOB_TICKET,
  FIXTURES,
  INACTIVE_SERVICE,
  SESSIONS_ENDED,
  seed,
} from './fixtures';
import {
  ACTORS,
  type Actor,
  AS_OWNER,
  AS_VISITOR,
  asServer,
  authTime,
  clientsFor,
  clientWithClaims,
  secondFactorAt,
  startRulesEnv,
} from './rules-env';

let testEnv: RulesTestEnvironment;
let db: Record<Actor, Firestore>;

beforeAll(async () => {
  testEnv = await startRulesEnv();
  db = clientsFor(testEnv);
});

/** Whether the store may differ from the fixtures. */
let changed = true;
beforeEach(async () => {
  if (!changed) return;
  await testEnv.clearFirestore();
  await asServer(testEnv, seed);
  changed = false;
});
afterEach(({ task }) => {
  if (task.result?.state !== 'pass') changed = true;
});

/** A write with rules disabled, as the API's Admin SDK writes: the next test starts from the fixtures again. */
function serverWrite(write: (server: Firestore) => Promise<void>): Promise<void> {
  changed = true;
  return asServer(testEnv, write);
}

afterAll(async () => {
  await saveCoverageReport();
  await testEnv?.cleanup();
});

const get = (actor: Actor, path: string) => getDoc(doc(db[actor], path));
const list = (actor: Actor, path: string) => getDocs(collection(db[actor], path));
const listWhere = (actor: Actor, path: string, field: string, value: unknown) =>
  getDocs(query(collection(db[actor], path), where(field, '==', value)));

/** What the server holds at `path`, read with rules disabled. */
async function serverCopy(path: string): Promise<DocumentData | undefined> {
  let data: DocumentData | undefined;
  await asServer(testEnv, async (server) => {
    data = (await getDoc(doc(server, path))).data();
  });
  return data;
}

interface WriteTargets {
  /** A noun for test names: "cannot create a profile". */
  what: string;
  /** A new document's path and body (deleted first with rules disabled, so the write is a true create). */
  create: [path: string, data: DocumentData];
  /** An existing document, and the change an attacker would like to make to it. */
  update: [path: string, data: DocumentData];
  names?: Record<Actor, string>;
}

/** Every client write is denied, to every actor: all writes go through the API's Admin SDK. */
function itDeniesEveryClientWrite({ what, create, update, names = AS_OWNER }: WriteTargets) {
  for (const actor of ACTORS) {
    it(`${names[actor]} cannot create ${what}`, async () => {
      await serverWrite((server) => deleteDoc(doc(server, create[0])));
      await assertFails(setDoc(doc(db[actor], create[0]), create[1]));
      expect(await serverCopy(create[0])).toBeUndefined();
    });
    it(`${names[actor]} cannot update ${what}`, async () => {
      const before = await serverCopy(update[0]);
      expect(before).toBeDefined();
      await assertFails(updateDoc(doc(db[actor], update[0]), update[1]));
      expect(await serverCopy(update[0])).toEqual(before);
    });
    it(`${names[actor]} cannot delete ${what}`, async () => {
      await assertFails(deleteDoc(doc(db[actor], update[0])));
      expect(await serverCopy(update[0])).toBeDefined();
    });
  }
}

/** Collections no client may touch at all, admins included. */
function itDeniesEverything(collectionPath: string, existing: string) {
  for (const actor of ACTORS) {
    const who = AS_VISITOR[actor];
    it(`${who} cannot get a document`, () => assertFails(get(actor, existing)));
    it(`${who} cannot list the collection`, () => assertFails(list(actor, collectionPath)));
    it(`${who} cannot create a document`, () => assertFails(setDoc(doc(db[actor], `${collectionPath}/new-doc`), { any: 'thing' })));
    it(`${who} cannot update a document`, () => assertFails(updateDoc(doc(db[actor], existing), { any: 'thing' })));
    it(`${who} cannot delete a document`, () => assertFails(deleteDoc(doc(db[actor], existing))));
  }
}

describe('users/{uid}: profiles, read by the owner and admins, written by nobody', () => {
  it('the owner can get their profile, balance and role included', async () => {
    const snap = await assertSucceeds(get('alice', 'users/alice'));
    expect(snap.data()).toMatchObject({ balancePaisa: 100000, role: 'user' });
  });
  it('another user cannot get it', () => assertFails(get('bob', 'users/alice')));
  it('anonymous cannot get it', () => assertFails(get('anonymous', 'users/alice')));
  it('an admin can get any profile', () => assertSucceeds(get('admin', 'users/alice')));

  it('an admin can list every profile', async () => {
    const snap = await assertSucceeds(list('admin', 'users'));
    expect(snap.size).toBe(Object.keys(FIXTURES).filter((path) => /^users\/[^/]+$/.test(path)).length);
  });
  it('a user cannot list profiles, not even filtered to their own email', async () => {
    await assertFails(list('alice', 'users'));
    await assertFails(listWhere('alice', 'users', 'email', 'alice@example.com'));
  });
  it('anonymous cannot list profiles', () => assertFails(list('anonymous', 'users')));

  itDeniesEveryClientWrite({
    what: 'a profile',
    create: ['users/alice', { name: 'Alice', email: 'alice@example.com', role: 'admin', balancePaisa: 99_999_999 }],
    update: ['users/alice', { name: 'Alice Renamed' }],
  });

  it('a user cannot raise their own balancePaisa', async () => {
    await assertFails(updateDoc(doc(db.alice, 'users/alice'), { balancePaisa: 99_999_999 }));
    expect(await serverCopy('users/alice')).toMatchObject({ balancePaisa: 100000 });
  });
  it('a user cannot give themselves the admin role', async () => {
    await assertFails(updateDoc(doc(db.alice, 'users/alice'), { role: 'admin' }));
    await assertFails(setDoc(doc(db.alice, 'users/alice'), { role: 'admin' }, { merge: true }));
    expect(await serverCopy('users/alice')).toMatchObject({ role: 'user' });
  });
  it('a new user cannot create their own profile (the API creates it), least of all with a balance', async () => {
    const carol = clientWithClaims(testEnv, 'carol', { email: 'carol@example.com' });
    await assertFails(setDoc(doc(carol, 'users/carol'), { name: 'Carol', role: 'user', balancePaisa: 0 }));
    await assertFails(setDoc(doc(carol, 'users/carol'), { name: 'Carol', role: 'admin', balancePaisa: 1_000_000 }));
  });
});

describe('admin is the boolean `admin: true` token claim, nothing else', () => {
  it('a token whose admin claim is the string "true" is not an admin', async () => {
    const pretender = clientWithClaims(testEnv, 'mallory', { admin: 'true' });
    await assertFails(getDocs(collection(pretender, 'users')));
  });
  it('a token with admin: false is not an admin', async () => {
    const demoted = clientWithClaims(testEnv, 'mallory', { admin: false });
    await assertFails(getDoc(doc(demoted, 'users/alice')));
    await assertFails(getDocs(collection(demoted, 'contactMessages')));
  });
  it('a profile whose role field says admin grants nothing without the claim', async () => {
    await serverWrite((server) => updateDoc(doc(server, 'users/alice'), { role: 'admin' }));
    await assertFails(list('alice', 'users'));
    await assertFails(get('alice', 'users/bob'));
  });
});

/** Everything an admin reads that a customer may not: other profiles, ledgers, orders, recharges, messages. */
async function expectNoAdminReads(client: Firestore) {
  await assertFails(getDocs(collection(client, 'users')));
  await assertFails(getDoc(doc(client, 'users/alice')));
  await assertFails(getDocs(collection(client, 'users/alice/ledger')));
  await assertFails(getDocs(collection(client, 'orders')));
  await assertFails(getDocs(collection(client, 'recharges')));
  await assertFails(getDocs(collection(client, 'rechargeRequests')));
  await assertFails(getDocs(collection(client, 'contactMessages')));
  await assertFails(getDocs(collection(client, 'audit')));
}

describe('an admin is the claim and the profile role admin, in a session that was not ended', () => {
  it('an admin demoted by admin:revoke (role user) whose token still carries the claim reads nothing of others', async () => {
    await expectNoAdminReads(clientWithClaims(testEnv, 'demoted', { admin: true, mfa: true, mfaAt: secondFactorAt() }));
  });
  it('an admin claim without the role on the profile grants nothing (admin:grant sets both)', async () => {
    await serverWrite((server) => updateDoc(doc(server, 'users/admin'), { role: 'user' }));
    await expectNoAdminReads(db.admin);
  });
  it('an admin claim and role without the second factor grant nothing (a password alone)', async () => {
    await expectNoAdminReads(clientWithClaims(testEnv, 'admin', { email: 'admin@example.com', admin: true }));
    await expectNoAdminReads(clientWithClaims(testEnv, 'admin', { email: 'admin@example.com', admin: true, mfa: 'true' }));
    // Passed, but more than 12 hours ago (or with no time): asked again.
    const longAgo = Math.floor(Date.now() / 1000) - 12 * 3600 - 60;
    await expectNoAdminReads(clientWithClaims(testEnv, 'admin', { email: 'admin@example.com', admin: true, mfa: true, mfaAt: longAgo }));
    await expectNoAdminReads(clientWithClaims(testEnv, 'admin', { email: 'admin@example.com', admin: true, mfa: true }));
  });
  it('an admin claim on an account without a profile grants nothing', async () => {
    await expectNoAdminReads(clientWithClaims(testEnv, 'ghost', { admin: true, mfa: true, mfaAt: secondFactorAt() }));
  });
  it('an admin whose password was reset reads nothing with a token signed in before the reset', async () => {
    const stale = clientWithClaims(testEnv, 'reset-admin', { admin: true, mfa: true, mfaAt: secondFactorAt() });
    await expectNoAdminReads(stale);
    await assertFails(getDoc(doc(stale, 'users/reset-admin')));
  });
  it('the same admin signed in again (at or after the reset, to the second) reads everything again', async () => {
    for (const signedIn of [SESSIONS_ENDED, new Date(SESSIONS_ENDED.getTime() + 60_000)]) {
      const fresh = clientWithClaims(testEnv, 'reset-admin', {
        admin: true,
        mfa: true,
        mfaAt: secondFactorAt(),
        auth_time: authTime(signedIn),
      });
      expect((await assertSucceeds(getDocs(collection(fresh, 'users')))).size).toBeGreaterThan(1);
      await assertSucceeds(getDocs(collection(fresh, 'contactMessages')));
      await assertSucceeds(getDocs(collection(fresh, 'audit')));
    }
  });
  it('a token signed in a second before the reset is still refused', async () => {
    const stale = clientWithClaims(testEnv, 'reset-admin', {
      admin: true,
      mfa: true,
      mfaAt: secondFactorAt(),
      auth_time: authTime(SESSIONS_ENDED) - 1,
    });
    await assertFails(getDocs(collection(stale, 'users')));
  });
});

describe('a customer whose sessions were ended reads nothing of their own with a token from before', () => {
  beforeEach(() => serverWrite((server) => updateDoc(doc(server, 'users/alice'), { sessionsValidAfter: SESSIONS_ENDED })));

  it('a token signed in before the reset cannot read the profile, ledger, orders, recharges or requests', async () => {
    await assertFails(get('alice', 'users/alice'));
    await assertFails(list('alice', 'users/alice/ledger'));
    await assertFails(get('alice', ALICE_ORDER));
    await assertFails(listWhere('alice', 'orders', 'userId', 'alice'));
    await assertFails(listWhere('alice', 'recharges', 'userId', 'alice'));
    await assertFails(listWhere('alice', 'rechargeRequests', 'userId', 'alice'));
  });
  it('signed in again, the customer reads their own documents', async () => {
    const fresh = clientWithClaims(testEnv, 'alice', { email: 'alice@example.com', auth_time: authTime(SESSIONS_ENDED) + 5 });
    await assertSucceeds(getDoc(doc(fresh, 'users/alice')));
    await assertSucceeds(getDocs(query(collection(fresh, 'orders'), where('userId', '==', 'alice'))));
  });
  it("the reset of one account ends no other account's sessions", async () => {
    await assertSucceeds(get('bob', 'users/bob'));
    await assertSucceeds(get('admin', 'users/alice'));
  });
});

describe('users/{uid}/ledger: money entries, read by the owner and admins, written by nobody', () => {
  it('the owner can get and list their ledger', async () => {
    await assertSucceeds(get('alice', 'users/alice/ledger/credit-1'));
    const snap = await assertSucceeds(list('alice', 'users/alice/ledger'));
    expect(snap.size).toBe(1);
  });
  it("another user cannot get or list the owner's ledger", async () => {
    await assertFails(get('bob', 'users/alice/ledger/credit-1'));
    await assertFails(list('bob', 'users/alice/ledger'));
  });
  it('anonymous cannot get or list a ledger', async () => {
    await assertFails(get('anonymous', 'users/alice/ledger/credit-1'));
    await assertFails(list('anonymous', 'users/alice/ledger'));
  });
  it("an admin can get and list any user's ledger", async () => {
    await assertSucceeds(get('admin', 'users/bob/ledger/credit-1'));
    await assertSucceeds(list('admin', 'users/bob/ledger'));
  });
  it('a collection-group query over every ledger is denied, even to an admin (the API reads across users)', async () => {
    await assertFails(getDocs(collectionGroup(db.admin, 'ledger')));
    await assertFails(getDocs(query(collectionGroup(db.alice, 'ledger'), where('type', '==', 'credit'))));
  });

  itDeniesEveryClientWrite({
    what: 'a ledger entry',
    create: ['users/alice/ledger/credit-2', { type: 'credit', amountPaisa: 1_000_000, balanceAfterPaisa: 1_100_000, at: new Date() }],
    update: ['users/alice/ledger/credit-1', { amountPaisa: 1_000_000 }],
  });
});

describe('orders: read by the owner (queries filtered on userId) and admins, written by nobody', () => {
  it('the owner can get their order', () => assertSucceeds(get('alice', ALICE_ORDER)));
  it('another user cannot get it', () => assertFails(get('bob', ALICE_ORDER)));
  it('anonymous cannot get it', () => assertFails(get('anonymous', ALICE_ORDER)));
  it('an admin can get any order', () => assertSucceeds(get('admin', BOB_ORDER)));
  it('a user asking for an order id that does not exist is denied, so ids cannot be probed', () =>
    assertFails(get('alice', 'orders/999999999')));

  it('the owner can query orders filtered on their own userId, and gets only theirs', async () => {
    const snap = await assertSucceeds(listWhere('alice', 'orders', 'userId', 'alice'));
    expect(snap.docs.map((d) => d.ref.path)).toEqual([ALICE_ORDER]);
  });
  it('a user cannot list orders without the userId filter', () => assertFails(list('alice', 'orders')));
  it("a user cannot query another user's orders", () => assertFails(listWhere('alice', 'orders', 'userId', 'bob')));
  it('anonymous cannot query orders', async () => {
    await assertFails(list('anonymous', 'orders'));
    await assertFails(listWhere('anonymous', 'orders', 'userId', 'alice'));
  });
  it('an admin can list every order', async () => {
    const snap = await assertSucceeds(list('admin', 'orders'));
    expect(snap.size).toBe(2);
  });

  itDeniesEveryClientWrite({
    what: 'an order',
    create: ['orders/100000003', { ...FIXTURES[ALICE_ORDER], pricePaisa: 0, status: 'completed' }],
    update: [ALICE_ORDER, { status: 'cancelled' }],
  });
});

describe('services: active ones read by anyone, inactive ones by admins, written by nobody', () => {
  it('anonymous can get an active service', () => assertSucceeds(get('anonymous', ACTIVE_SERVICE)));
  it('anonymous and users cannot get an inactive service', async () => {
    await assertFails(get('anonymous', INACTIVE_SERVICE));
    await assertFails(get('alice', INACTIVE_SERVICE));
  });
  it('an admin can get an inactive service', () => assertSucceeds(get('admin', INACTIVE_SERVICE)));

  it('anonymous can query the services filtered on active == true', async () => {
    const snap = await assertSucceeds(listWhere('anonymous', 'services', 'active', true));
    expect(snap.docs.map((d) => d.ref.path)).toEqual([ACTIVE_SERVICE]);
  });
  it('anonymous and users cannot list services without the active filter', async () => {
    await assertFails(list('anonymous', 'services'));
    await assertFails(list('alice', 'services'));
  });
  it('an admin can list every service, inactive included', async () => {
    const snap = await assertSucceeds(list('admin', 'services'));
    expect(snap.size).toBe(2);
  });

  itDeniesEveryClientWrite({
    what: 'a service',
    names: AS_VISITOR,
    create: ['services/new-service', { name: 'Free followers', ratePer1000Paisa: 0, active: true }],
    update: [ACTIVE_SERVICE, { ratePer1000Paisa: 1 }],
  });
});

describe('reviews: the published ones, read by anyone, written by nobody (posting goes through the API)', () => {
  it('anonymous can get and list the published reviews, from before approval existed and approved since', async () => {
    await assertSucceeds(get('anonymous', 'reviews/review-1'));
    await assertSucceeds(get('anonymous', 'reviews/review-2'));
    const snap = await assertSucceeds(list('anonymous', 'reviews'));
    expect(snap.docs.map((d) => d.id).sort()).toEqual(['review-1', 'review-2']);
  });
  it('a signed-in user can list reviews', () => assertSucceeds(list('alice', 'reviews')));

  itDeniesEveryClientWrite({
    what: 'a review',
    names: AS_VISITOR,
    create: ['reviews/review-9', { name: 'Spam', rating: 5, comment: 'Buy now', createdAt: new Date() }],
    update: ['reviews/review-1', { rating: 1 }],
  });
  it('nobody can publish a review waiting for approval by writing it into reviews', async () => {
    for (const actor of ACTORS) {
      await assertFails(setDoc(doc(db[actor], 'reviews/review-3'), { ...FIXTURES['reviewQueue/review-3'], status: 'approved' }));
    }
    expect(await serverCopy('reviews/review-3')).toBeUndefined();
  });
});

describe('reviewQueue: reviews waiting for approval (or rejected), server-only: not even their author or an admin reads them', () =>
  itDeniesEverything('reviewQueue', 'reviewQueue/review-3'));

describe('settings/public: got by anyone, written by nobody; other settings are server-only', () => {
  it('anonymous can get the public settings', async () => {
    const snap = await assertSucceeds(get('anonymous', 'settings/public'));
    expect(snap.data()).toHaveProperty('supportChat');
  });
  it('a user can get the public settings', () => assertSucceeds(get('alice', 'settings/public')));
  it('nobody, admins included, can get another settings document', async () => {
    for (const actor of ACTORS) await assertFails(get(actor, 'settings/private'));
    // The autopilot's limits (decision record 0015) are the admin's, through the API only.
    for (const actor of ACTORS) await assertFails(get(actor, 'settings/autopilot'));
  });
  it('nobody, admins included, can list the settings collection', async () => {
    for (const actor of ACTORS) await assertFails(list(actor, 'settings'));
  });

  itDeniesEveryClientWrite({
    what: 'the public settings',
    names: AS_VISITOR,
    create: ['settings/public', { wallets: [{ provider: 'Scam', accountNumber: '0300-6666666', accountName: 'Not us' }] }],
    update: ['settings/public', { supportChat: 'https://evil.example' }],
  });
});

for (const name of ['recharges', 'rechargeRequests'] as const) {
  describe(`${name}: read by the owner (queries filtered on userId) and admins, written by nobody`, () => {
    const mine = `${name}/${name === 'recharges' ? 'rch' : 'req'}-alice`;
    const theirs = `${name}/${name === 'recharges' ? 'rch' : 'req'}-bob`;

    it('the owner can get theirs', () => assertSucceeds(get('alice', mine)));
    it('another user cannot get it', () => assertFails(get('bob', mine)));
    it('anonymous cannot get it', () => assertFails(get('anonymous', mine)));
    it("an admin can get anyone's", () => assertSucceeds(get('admin', theirs)));

    it('the owner can query filtered on their own userId, and gets only theirs', async () => {
      const snap = await assertSucceeds(listWhere('alice', name, 'userId', 'alice'));
      expect(snap.docs.map((d) => d.ref.path)).toEqual([mine]);
    });
    it("a user cannot list without the userId filter, or filtered on another user's id", async () => {
      await assertFails(list('alice', name));
      await assertFails(listWhere('alice', name, 'userId', 'bob'));
    });
    it('anonymous cannot list', () => assertFails(list('anonymous', name)));
    it('an admin can list them all', async () => {
      const snap = await assertSucceeds(list('admin', name));
      expect(snap.size).toBe(2);
    });

    itDeniesEveryClientWrite({
      what: name === 'recharges' ? 'a recharge' : 'a recharge request',
      create: [`${name}/new`, { userId: 'alice', amountPaisa: 1_000_000, status: 'approved', at: new Date() }],
      update: [mine, { amountPaisa: 1_000_000, status: 'approved' }],
    });
  });
}

describe('contactMessages: read by admins only, written by nobody (the contact form posts to the API)', () => {
  it('an admin can get and list contact messages', async () => {
    await assertSucceeds(get('admin', 'contactMessages/msg-1'));
    const snap = await assertSucceeds(list('admin', 'contactMessages'));
    expect(snap.size).toBe(1);
  });
  it('anonymous and users cannot get or list contact messages', async () => {
    for (const actor of ['anonymous', 'alice', 'bob'] as const) {
      await assertFails(get(actor, 'contactMessages/msg-1'));
      await assertFails(list(actor, 'contactMessages'));
    }
  });

  itDeniesEveryClientWrite({
    what: 'a contact message',
    names: AS_VISITOR,
    create: ['contactMessages/msg-2', { name: 'Visitor', email: 'v@example.com', message: 'Hi', createdAt: new Date() }],
    update: ['contactMessages/msg-1', { message: 'Edited' }],
  });
});

describe('tickets: read by the customer who opened them (queries filtered on userId) and admins, written by nobody', () => {
  it('the owner can get their ticket', () => assertSucceeds(get('alice', ALICE_TICKET)));
  it('another user cannot get it', () => assertFails(get('bob', ALICE_TICKET)));
  it('anonymous cannot get it', () => assertFails(get('anonymous', ALICE_TICKET)));
  it("an admin can get anyone's", () => assertSucceeds(get('admin', BOB_TICKET)));
  it('the owner can query filtered on their own userId, and gets only theirs', async () => {
    const snap = await assertSucceeds(listWhere('alice', 'tickets', 'userId', 'alice'));
    expect(snap.docs.map((d) => d.ref.path)).toEqual([ALICE_TICKET]);
  });
  it("a user cannot list without the userId filter, or filtered on another user's id", async () => {
    await assertFails(list('alice', 'tickets'));
    await assertFails(listWhere('alice', 'tickets', 'userId', 'bob'));
  });
  it('anonymous cannot list', () => assertFails(list('anonymous', 'tickets')));
  it('an admin can list them all', async () => {
    expect((await assertSucceeds(list('admin', 'tickets'))).size).toBe(2);
  });
  it('a customer whose sessions were ended cannot read their ticket with a token from before', async () => {
    await serverWrite((server) => updateDoc(doc(server, 'users/alice'), { sessionsValidAfter: SESSIONS_ENDED }));
    await assertFails(get('alice', ALICE_TICKET));
    await assertFails(list('alice', `${ALICE_TICKET}/messages`));
  });

  itDeniesEveryClientWrite({
    what: 'a ticket',
    create: ['tickets/new', { ...FIXTURES[ALICE_TICKET], state: 'answered' }],
    update: [ALICE_TICKET, { state: 'closed', unreadByAdmin: 0 }],
  });
});

describe("tickets/{id}/messages: read by the ticket's customer and admins, written by nobody", () => {
  const mine = `${ALICE_TICKET}/messages/0001`;
  it('the owner can get and list the messages of their ticket', async () => {
    await assertSucceeds(get('alice', mine));
    expect((await assertSucceeds(list('alice', `${ALICE_TICKET}/messages`))).size).toBe(1);
  });
  it('another user and anonymous cannot get or list them', async () => {
    for (const actor of ['anonymous', 'bob'] as const) {
      await assertFails(get(actor, mine));
      await assertFails(list(actor, `${ALICE_TICKET}/messages`));
    }
  });
  it("an admin can get and list any ticket's messages", async () => {
    await assertSucceeds(get('admin', `${BOB_TICKET}/messages/0001`));
    await assertSucceeds(list('admin', `${BOB_TICKET}/messages`));
  });
  it('the messages of a ticket that does not exist are denied to a customer', () => assertFails(list('alice', 'tickets/missing/messages')));
  it('a collection-group query over every thread is denied, even to an admin', async () => {
    await assertFails(getDocs(collectionGroup(db.admin, 'messages')));
    await assertFails(getDocs(collectionGroup(db.alice, 'messages')));
  });

  itDeniesEveryClientWrite({
    what: 'a ticket message',
    create: [`${ALICE_TICKET}/messages/0002`, { from: 'admin', body: 'Refunded, enjoy', createdAt: new Date() }],
    update: [mine, { body: 'Edited' }],
  });
});

describe("users/{uid}/notifications: the customer's bell and push outbox, read by the owner and admins, written by nobody", () => {
  it('the owner can get and list their notifications', async () => {
    await assertSucceeds(get('alice', ALICE_NOTIFICATION));
    expect((await assertSucceeds(list('alice', 'users/alice/notifications'))).docs.map((d) => d.ref.path)).toEqual([ALICE_NOTIFICATION]);
  });
  it("another user and anonymous cannot get or list the owner's notifications", async () => {
    for (const actor of ['anonymous', 'bob'] as const) {
      await assertFails(get(actor, ALICE_NOTIFICATION));
      await assertFails(list(actor, 'users/alice/notifications'));
    }
  });
  it("an admin can get and list anyone's", async () => {
    await assertSucceeds(get('admin', BOB_NOTIFICATION));
    await assertSucceeds(list('admin', 'users/bob/notifications'));
  });
  it('a collection-group query over every customer’s notifications is denied, even to an admin', async () => {
    await assertFails(getDocs(collectionGroup(db.admin, 'notifications')));
    await assertFails(getDocs(collectionGroup(db.alice, 'notifications')));
  });
  it('a customer whose sessions were ended cannot read them with a token from before', async () => {
    await serverWrite((server) => updateDoc(doc(server, 'users/alice'), { sessionsValidAfter: SESSIONS_ENDED }));
    await assertFails(get('alice', ALICE_NOTIFICATION));
  });

  itDeniesEveryClientWrite({
    what: 'a notification',
    create: ['users/alice/notifications/credit-forged', { ...FIXTURES[ALICE_NOTIFICATION], title: 'Rs 1,000,000 added' }],
    // Marking read goes through the API too.
    update: [ALICE_NOTIFICATION, { read: true }],
  });
});

describe('notificationSettings: preferences and devices, got by the owner and admins, written by nobody', () => {
  it('the owner can get theirs', () => assertSucceeds(get('alice', 'notificationSettings/alice')));
  it('another user and anonymous cannot get it', async () => {
    await assertFails(get('bob', 'notificationSettings/alice'));
    await assertFails(get('anonymous', 'notificationSettings/alice'));
  });
  it("an admin can get anyone's", () => assertSucceeds(get('admin', 'notificationSettings/bob')));
  it('nobody lists them, admins included', async () => {
    for (const actor of ACTORS) await assertFails(list(actor, 'notificationSettings'));
  });

  itDeniesEveryClientWrite({
    what: 'notification settings',
    create: ['notificationSettings/carol', { preferences: {}, devices: {} }],
    update: ['notificationSettings/alice', { devices: {} }],
  });
});

describe("pushDevices: the devices' push tokens, server-only (admins included)", () =>
  itDeniesEverything('pushDevices', 'pushDevices/device-1'));
describe('emulatorPushes: the emulators’ record of the pushes sent, server-only', () =>
  itDeniesEverything('emulatorPushes', 'emulatorPushes/push-1'));

describe("ticketCounters: a customer's open tickets and unread replies, server-only", () =>
  itDeniesEverything('ticketCounters', 'ticketCounters/alice'));
describe("savedReplies: the admin's saved replies, server-only (the console reads them through the API)", () =>
  itDeniesEverything('savedReplies', 'savedReplies/reply-1'));

describe('audit: the trail of admin actions, read by admins only, never by the customer it concerns, written by nobody', () => {
  it('an admin can get and list audit records', async () => {
    await assertSucceeds(get('admin', 'audit/recharge-rch-alice'));
    expect((await assertSucceeds(list('admin', 'audit'))).size).toBe(1);
  });
  it('the customer the record is about, another user and anonymous cannot get or list it', async () => {
    for (const actor of ['anonymous', 'alice', 'bob'] as const) {
      await assertFails(get(actor, 'audit/recharge-rch-alice'));
      await assertFails(list(actor, 'audit'));
    }
  });

  itDeniesEveryClientWrite({
    what: 'an audit record',
    create: ['audit/recharge-new', { subject: 'recharges/new', action: 'credit', by: 'alice@example.com', byUid: 'alice', at: new Date() }],
    update: ['audit/recharge-rch-alice', { by: 'someone-else@example.com' }],
  });
});

describe('providers: what the console shows of a provider (no key), read by admins only, written by nobody', () => {
  it('an admin can get and list providers, which hold no key', async () => {
    const snap = await assertSucceeds(get('admin', 'providers/prov-1'));
    expect(snap.data()).not.toHaveProperty('key');
    expect((await assertSucceeds(list('admin', 'providers'))).size).toBe(1);
  });
  it('a customer and anonymous cannot get or list providers', async () => {
    for (const actor of ['anonymous', 'alice', 'bob'] as const) {
      await assertFails(get(actor, 'providers/prov-1'));
      await assertFails(list(actor, 'providers'));
    }
  });

  itDeniesEveryClientWrite({
    what: 'a provider',
    create: [
      'providers/prov-2',
      { name: 'Mine', url: 'https://evil.example', keyHint: '…0000', currency: 'PKR', rateToPkr: 1, active: true },
    ],
    update: ['providers/prov-1', { url: 'https://evil.example' }],
  });
});

describe('providerSecrets: provider keys, server-only, no client access at all (admins included)', () =>
  itDeniesEverything('providerSecrets', 'providerSecrets/prov-1'));

describe('providerClaims: the workers’ count of what was claimed against a provider’s balance, server-only', () =>
  itDeniesEverything('providerClaims', 'providerClaims/prov-1'));

describe('workerLeases: the scheduled run’s lease, server-only', () => itDeniesEverything('workerLeases', 'workerLeases/scheduled'));
describe('workerRuns: the admin’s requested runs, followed through the API, server-only (admins included)', () =>
  itDeniesEverything('workerRuns', 'workerRuns/run-1'));

// The reports' rollups (decision record 0011): the admin reads them through the API, a customer their own
// spending.
describe('reportDays: the reports’ rollups per day, server-only (admins included)', () =>
  itDeniesEverything('reportDays', 'reportDays/2026-02-01'));
describe('reportDays/{day}/customers: the rollups’ per-customer figures, server-only (their owner included)', () =>
  itDeniesEverything('reportDays/2026-02-01/customers', 'reportDays/2026-02-01/customers/0'));
describe('reportOrders: what the rollups counted per order, server-only', () =>
  itDeniesEverything('reportOrders', 'reportOrders/100000001'));
describe('reportFold: the rollups’ watermarks, server-only', () => itDeniesEverything('reportFold', 'reportFold/state'));
// A service's measured figures are answered on the service itself; what they are worked out from stays on the server.
describe('serviceFigures: the orders a service’s figures come from, server-only', () =>
  itDeniesEverything('serviceFigures', 'serviceFigures/tt-views-fast'));
// The updates feed and the terms are read through the API (hidden entries and who saved a version stay there).
describe('catalogueUpdates: the catalogue’s updates feed, server-only', () =>
  itDeniesEverything('catalogueUpdates', 'catalogueUpdates/u1'));
describe('termsVersions: each saved version of the terms, server-only', () => itDeniesEverything('termsVersions', 'termsVersions/2'));
describe('serviceFiguresFold: the figures’ watermark, server-only', () =>
  itDeniesEverything('serviceFiguresFold', 'serviceFiguresFold/state'));

describe('serviceProviders: a service’s provider and cost, read by admins only, never by customers or visitors', () => {
  const link = `serviceProviders/${ACTIVE_SERVICE.split('/')[1]}`;
  it('an admin can get and list the links', async () => {
    expect((await assertSucceeds(get('admin', link))).data()).toMatchObject({ providerId: 'prov-1', cost: 0.5 });
    expect((await assertSucceeds(list('admin', 'serviceProviders'))).size).toBe(1);
  });
  it('a customer and anonymous cannot get or list a link, even of an active service they can read', async () => {
    for (const actor of ['anonymous', 'alice', 'bob'] as const) {
      await assertSucceeds(get(actor, ACTIVE_SERVICE));
      await assertFails(get(actor, link));
      await assertFails(list(actor, 'serviceProviders'));
    }
  });
  it('the active service a customer reads names no provider and no cost', async () => {
    const data = (await assertSucceeds(get('alice', ACTIVE_SERVICE))).data() ?? {};
    expect(Object.keys(data).filter((k) => /provider|cost/i.test(k))).toEqual([]);
  });

  itDeniesEveryClientWrite({
    what: 'a service link',
    create: ['serviceProviders/tt-new', { providerId: 'prov-1', serviceId: '1', cost: 0 }],
    update: [link, { cost: 0 }],
  });
});

describe('orderFulfilment: an order’s provider, cost and provider order id, read by admins only, never by its customer', () => {
  const fulfilment = `orderFulfilment/${ALICE_ORDER.split('/')[1]}`;
  it('an admin can get and list them', async () => {
    expect((await assertSucceeds(get('admin', fulfilment))).data()).toMatchObject({ providerId: 'prov-1', costPaisa: 266 });
    expect((await assertSucceeds(list('admin', 'orderFulfilment'))).size).toBe(1);
  });
  it('the order’s own customer, another customer and anonymous cannot', async () => {
    await assertSucceeds(get('alice', ALICE_ORDER));
    for (const actor of ['anonymous', 'alice', 'bob'] as const) {
      await assertFails(get(actor, fulfilment));
      await assertFails(list(actor, 'orderFulfilment'));
    }
  });
  itDeniesEveryClientWrite({
    what: 'a fulfilment',
    create: ['orderFulfilment/100000009', { state: 'queued' }],
    update: [fulfilment, { state: 'unknown' }],
  });
});

describe('idempotency: server-only, no client access at all', () => itDeniesEverything('idempotency', 'idempotency/key-1'));
describe('rateLimits: server-only, no client access at all', () => itDeniesEverything('rateLimits', 'rateLimits/alice'));
describe('rechargeReferences: server-only, no client access at all', () =>
  itDeniesEverything('rechargeReferences', 'rechargeReferences/easypaisa-tx1'));
describe('walletDevices: the paired wallet phones, server-only (admins read them through the API)', () =>
  itDeniesEverything('walletDevices', 'walletDevices/phone-1'));
describe('walletDeviceKeys: the phones’ signing keys, no client access at all (admins included)', () =>
  itDeniesEverything('walletDeviceKeys', 'walletDeviceKeys/phone-1'));
describe('walletEvents: the wallet SMS, server-only', () => itDeniesEverything('walletEvents', 'walletEvents/Easypaisa:31455290817'));
describe('autoCredits: the daily count of automatic credits, server-only', () =>
  itDeniesEverything('autoCredits', 'autoCredits/alice_2026-01-01'));
describe('referralCodes: who a referral code names, server-only', () => itDeniesEverything('referralCodes', 'referralCodes/ALICE123'));
describe('users/{uid}/referralLedger: referral commissions and transfers, server-only (their owner included: the API answers them)', () =>
  itDeniesEverything('users/alice/referralLedger', 'users/alice/referralLedger/commission-r1'));
describe('a collection the rules do not mention: denied by default', () => itDeniesEverything('notes', 'notes/note-1'));

// Keep last: it judges the coverage the tests above produced.
describe('rule coverage', () => {
  it('every allow condition and helper was evaluated both allowing and denying', async () => {
    const report = await fetchCoverage();
    expect(conditions(report).length).toBeGreaterThan(0);
    expect(uncoveredConditions(report)).toEqual([]);
  });
});
