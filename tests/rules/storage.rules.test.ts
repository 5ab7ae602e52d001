// storage.rules as a matrix: anonymous / the owner / another user / an admin × create, get, update,
// delete, list, on a customer's payment proof and on paths outside payment-proofs/, through the web SDK
// against the Storage emulator (whose rules runtime is the Firebase rules engine: see
// scripts/lib/storage-rules-runtime.ts). Every test starts from one proof of alice's, written with rules
// disabled, and anything a test wrote is cleared first.

import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  deleteObject,
  type FirebaseStorage,
  getBytes,
  getMetadata,
  listAll,
  ref,
  type StorageReference,
  updateMetadata,
  uploadBytes,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PROOF_MAX_BYTES } from '../../functions/src/shared/payment-proof';
import { SIGNED_IN } from './fixtures';
import { ACTORS, type Actor, AS_OWNER, authTime } from './rules-env';

const PROJECT_ID = 'demo-rules-test';
const ALICE_PROOF = 'payment-proofs/alice/0d6f3c1e-proof-one.jpg';
const NEW_PROOF = 'payment-proofs/alice/7b2a9e44-proof-two.png';
const BOB_NEW_PROOF = 'payment-proofs/bob/5e1c0a77-proof-bob.png';

let testEnv: RulesTestEnvironment;
let storage: Record<Actor, FirebaseStorage>;

// rules-unit-testing hands out the compat Storage; the modular functions accept it (they unwrap it).
const asModular = (s: unknown) => s as FirebaseStorage;
const picture = (size = 1024) => new Uint8Array(size).fill(7);

beforeAll(async () => {
  const hostAndPort = process.env.FIREBASE_STORAGE_EMULATOR_HOST || inject('emulatorEnv').FIREBASE_STORAGE_EMULATOR_HOST;
  const [host, port] = hostAndPort.split(':');
  testEnv = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    storage: { host: host ?? '127.0.0.1', port: Number(port), rules: readFileSync('storage.rules', 'utf8') },
  });
  const signedIn = (uid: string, claims: Record<string, unknown>) =>
    asModular(testEnv.authenticatedContext(uid, { auth_time: authTime(SIGNED_IN), ...claims }).storage());
  storage = {
    anonymous: asModular(testEnv.unauthenticatedContext().storage()),
    alice: signedIn('alice', { email: 'alice@example.com' }),
    bob: signedIn('bob', { email: 'bob@example.com' }),
    admin: signedIn('admin', { email: 'admin@example.com', admin: true, mfa: true, mfaAt: Math.floor(Date.now() / 1000) - 60 }),
  };
});

/** Deletes every object (rules-unit-testing's clearStorage() leaves those inside folders). */
async function clearBucket() {
  await testEnv.withSecurityRulesDisabled(async (context) => {
    const deleteUnder = async (folder: StorageReference): Promise<void> => {
      const { items, prefixes } = await listAll(folder);
      await Promise.all([...items.map((item) => deleteObject(item)), ...prefixes.map(deleteUnder)]);
    };
    await deleteUnder(ref(asModular(context.storage())));
  });
}

beforeEach(async () => {
  await clearBucket();
  await testEnv.withSecurityRulesDisabled(async (context) => {
    await uploadBytes(ref(asModular(context.storage()), ALICE_PROOF), picture(), { contentType: 'image/jpeg' });
    await uploadBytes(ref(asModular(context.storage()), 'elsewhere/alice/file.jpg'), picture(), { contentType: 'image/jpeg' });
  });
});

afterAll(async () => {
  await testEnv?.cleanup();
});

/** The stored object's size with rules disabled, or null when there is none. */
async function storedSize(path: string): Promise<number | null> {
  let size: number | null = null;
  await testEnv.withSecurityRulesDisabled(async (context) => {
    size = await getMetadata(ref(asModular(context.storage()), path)).then(
      (metadata) => metadata.size,
      () => null,
    );
  });
  return size;
}

const upload = (actor: Actor, path: string, bytes: Uint8Array = picture(), contentType = 'image/png') =>
  uploadBytes(ref(storage[actor], path), bytes, { contentType });

describe('payment-proofs/{uid}/{file}: the owner uploads once, the owner and admins read, nobody else', () => {
  it('the owner can upload a proof into their own folder', async () => {
    await assertSucceeds(upload('alice', NEW_PROOF));
    expect(await storedSize(NEW_PROOF)).toBe(1024);
  });
  it('the owner can upload a JPEG and a WebP, each under its own extension', async () => {
    await assertSucceeds(upload('alice', 'payment-proofs/alice/a1b2c3d4e5.jpg', picture(), 'image/jpeg'));
    await assertSucceeds(upload('alice', 'payment-proofs/alice/a1b2c3d4e5.webp', picture(), 'image/webp'));
  });
  it('the owner can upload a proof of exactly 5 MB', () => assertSucceeds(upload('alice', NEW_PROOF, picture(PROOF_MAX_BYTES))));

  for (const actor of ACTORS.filter((a) => a !== 'alice')) {
    it(`${AS_OWNER[actor]} cannot upload into the owner's folder`, async () => {
      await assertFails(upload(actor, NEW_PROOF));
      expect(await storedSize(NEW_PROOF)).toBeNull();
    });
  }
  it("the owner cannot upload into another user's folder", async () => {
    await assertFails(upload('alice', BOB_NEW_PROOF));
    expect(await storedSize(BOB_NEW_PROOF)).toBeNull();
  });

  it('the owner cannot upload more than 5 MB', async () => {
    await assertFails(upload('alice', NEW_PROOF, picture(PROOF_MAX_BYTES + 1)));
    expect(await storedSize(NEW_PROOF)).toBeNull();
  });
  it.each([
    ['a PDF', 'payment-proofs/alice/a1b2c3d4e5.png', 'application/pdf'],
    ['an SVG (a picture that runs script)', 'payment-proofs/alice/a1b2c3d4e5.png', 'image/svg+xml'],
    ['a GIF', 'payment-proofs/alice/a1b2c3d4e5.png', 'image/gif'],
    ['a PNG under .jpg', 'payment-proofs/alice/a1b2c3d4e5.jpg', 'image/png'],
    ['a PNG named without an extension', 'payment-proofs/alice/a1b2c3d4e5', 'image/png'],
    ['a PNG with a short name', 'payment-proofs/alice/abc.png', 'image/png'],
    ['a PNG one folder deeper', 'payment-proofs/alice/deeper/a1b2c3d4e5.png', 'image/png'],
  ])('the owner cannot upload %s', async (_name, path, contentType) => {
    await assertFails(upload('alice', path, picture(), contentType));
    expect(await storedSize(path)).toBeNull();
  });

  it('the owner cannot overwrite a proof (nothing may be there yet)', async () => {
    await assertFails(upload('alice', ALICE_PROOF, picture(2048), 'image/jpeg'));
    expect(await storedSize(ALICE_PROOF)).toBe(1024);
  });

  it('the owner can get their proof, its bytes and its metadata', async () => {
    await assertSucceeds(getMetadata(ref(storage.alice, ALICE_PROOF)));
    expect((await assertSucceeds(getBytes(ref(storage.alice, ALICE_PROOF)))).byteLength).toBe(1024);
  });
  it('an admin can get any proof', async () => {
    expect((await assertSucceeds(getBytes(ref(storage.admin, ALICE_PROOF)))).byteLength).toBe(1024);
  });
  it('another user cannot get it', () => assertFails(getBytes(ref(storage.bob, ALICE_PROOF))));
  it('anonymous cannot get it', () => assertFails(getBytes(ref(storage.anonymous, ALICE_PROOF))));
  it('an admin signed in with the password alone (no second factor) cannot get it', () =>
    assertFails(getBytes(ref(asModular(testEnv.authenticatedContext('admin', { admin: true }).storage()), ALICE_PROOF))));
  it('an admin whose second factor was passed more than 12 hours ago cannot get it', () => {
    const longAgo = Math.floor(Date.now() / 1000) - 12 * 3600 - 60;
    const stale = testEnv.authenticatedContext('admin', { admin: true, mfa: true, mfaAt: longAgo });
    return assertFails(getBytes(ref(asModular(stale.storage()), ALICE_PROOF)));
  });
  it('a user whose admin claim is not true cannot get it', () =>
    assertFails(getBytes(ref(asModular(testEnv.authenticatedContext('mallory', { admin: 'true' }).storage()), ALICE_PROOF))));

  for (const actor of ACTORS) {
    it(`${AS_OWNER[actor]} cannot update a proof's metadata`, async () => {
      await assertFails(updateMetadata(ref(storage[actor], ALICE_PROOF), { contentType: 'text/html' }));
      await testEnv.withSecurityRulesDisabled(async (context) => {
        expect((await getMetadata(ref(asModular(context.storage()), ALICE_PROOF))).contentType).toBe('image/jpeg');
      });
    });
    it(`${AS_OWNER[actor]} cannot delete a proof`, async () => {
      await assertFails(deleteObject(ref(storage[actor], ALICE_PROOF)));
      expect(await storedSize(ALICE_PROOF)).toBe(1024);
    });
    it(`${AS_OWNER[actor]} cannot list a folder of proofs`, () => assertFails(listAll(ref(storage[actor], 'payment-proofs/alice'))));
  }
});

describe('everything outside payment-proofs/: nobody reads or writes', () => {
  for (const actor of ACTORS) {
    it(`${AS_OWNER[actor]} cannot upload there, even into a folder named by their uid`, async () => {
      const uid = actor === 'anonymous' ? 'nobody' : actor;
      await assertFails(upload(actor, `elsewhere/${uid}/a1b2c3d4e5.png`));
      await assertFails(upload(actor, `${uid}/a1b2c3d4e5.png`));
      await assertFails(upload(actor, 'a1b2c3d4e5.png'));
    });
    it(`${AS_OWNER[actor]} cannot get, update, delete or list there`, async () => {
      await assertFails(getBytes(ref(storage[actor], 'elsewhere/alice/file.jpg')));
      await assertFails(updateMetadata(ref(storage[actor], 'elsewhere/alice/file.jpg'), { contentType: 'image/png' }));
      await assertFails(deleteObject(ref(storage[actor], 'elsewhere/alice/file.jpg')));
      await assertFails(listAll(ref(storage[actor], 'elsewhere')));
      expect(await storedSize('elsewhere/alice/file.jpg')).toBe(1024);
    });
  }
});
