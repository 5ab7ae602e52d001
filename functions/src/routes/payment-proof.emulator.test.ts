// Recharge requests with a payment screenshot, over the Firestore, Auth and Storage emulators:
// the function accepts a proof only when it is the caller's upload, exists, is a picture of at most 5 MB,
// and is attached to no other request; the request, the customer's list and the admin's carry it.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, type TestUser } from '../../../tests/support/api';
import { bucket, db } from '../lib/admin';
import { seedSettings } from '../services/top-ups/public-settings';
import { PROOF_MAX_BYTES, type ProofType, proofPath } from '../shared/payment-proof';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

const newReference = () => randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase();
const submit = (user: TestUser, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(api.url, 'POST', '/api/recharge-requests', {
    token: user.token,
    body: { amount: 500, method: 'Easypaisa', reference: newReference(), ...body },
    headers,
  });

/** The first bytes of a real PNG / JPEG / WebP, padded to `size` bytes. */
const HEADS: Record<ProofType, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
};
const picture = (type: ProofType, size = 2048) => Buffer.concat([HEADS[type], Buffer.alloc(size - HEADS[type].length, 7)]);

/** An object in the emulator's bucket, written with the Admin SDK (as an upload the rules allowed). */
async function upload(path: string, bytes: Buffer, contentType: string, metadata: Record<string, string> = {}) {
  await bucket()
    .file(path)
    .save(bytes, { contentType, resumable: false, metadata: { contentType, ...metadata } });
  return path;
}
const uploadProof = (user: TestUser, type: ProofType = 'image/jpeg', bytes = picture(type)) =>
  upload(proofPath(user.uid, randomUUID(), type), bytes, type);

beforeAll(async () => {
  await seedSettings();
  admin = await createUser({ admin: true, name: 'Boss' });
});

describe('POST /api/recharge-requests with a proof', () => {
  it("stores the caller's screenshot on the request; their list and the admin's carry it", async () => {
    const user = await createUser();
    const path = await uploadProof(user, 'image/webp');
    const res = await submit(user, { proof: path });
    expect(res.status).toBe(201);
    expect(res.body.request.proof).toEqual({ path });
    const stored = (await db.collection('rechargeRequests').doc(res.body.request._id).get()).data();
    expect(stored?.proof).toEqual({ path, contentType: 'image/webp', size: 2048 });

    const mine = await call(api.url, 'GET', '/api/recharge-requests/mine', { token: user.token });
    expect(mine.body.requests).toEqual([expect.objectContaining({ _id: res.body.request._id, proof: { path } })]);
    const listed = await call(api.url, 'GET', '/api/admin/recharge-requests?status=pending&limit=200', { token: admin.token });
    expect(listed.body.requests.find((r: { _id: string }) => r._id === res.body.request._id)).toMatchObject({ proof: { path } });
  });

  it('a request without a proof has none, as before', async () => {
    const user = await createUser();
    const res = await submit(user, {});
    expect(res.status).toBe(201);
    expect(res.body.request).not.toHaveProperty('proof');
  });

  it.each([
    [
      'another customer’s upload',
      async (_user: TestUser, other: TestUser) => uploadProof(other),
      'The screenshot is not one of your uploads',
    ],
    [
      'a path outside payment-proofs',
      async (user: TestUser) => `avatars/${user.uid}/${randomUUID()}.jpg`,
      'The screenshot is not one of your uploads',
    ],
    [
      'an extension that is not a picture',
      async (user: TestUser) => `payment-proofs/${user.uid}/${randomUUID()}.pdf`,
      'The screenshot is not one of your uploads',
    ],
    [
      'a path that names nothing in Storage',
      async (user: TestUser) => proofPath(user.uid, randomUUID(), 'image/png'),
      'The screenshot was not found: upload it again',
    ],
    [
      'an object whose type is not its extension’s',
      async (user: TestUser) => upload(proofPath(user.uid, randomUUID(), 'image/png'), picture('image/png'), 'application/pdf'),
      'The screenshot must be a JPEG, PNG or WebP picture',
    ],
    [
      'a file that only claims to be a picture',
      async (user: TestUser) =>
        upload(proofPath(user.uid, randomUUID(), 'image/png'), Buffer.from('%PDF-1.7 not a picture at all'), 'image/png'),
      'The screenshot must be a JPEG, PNG or WebP picture',
    ],
    [
      // 50 KB that unpack to 50 MB (5 MB: gigabytes) when the admin's browser reads it: the first bytes are a
      // JPEG's once unpacked, and the size Storage records is the packed one.
      'a picture stored gzip-encoded',
      async (user: TestUser) =>
        upload(proofPath(user.uid, randomUUID(), 'image/jpeg'), gzipSync(picture('image/jpeg', 50 * 1024 * 1024)), 'image/jpeg', {
          contentEncoding: 'gzip',
        }),
      'The screenshot must be a JPEG, PNG or WebP picture',
    ],
    [
      'a picture over 5 MB',
      async (user: TestUser) => uploadProof(user, 'image/jpeg', picture('image/jpeg', PROOF_MAX_BYTES + 1)),
      'The screenshot must be at most 5 MB',
    ],
  ])('refuses %s with 400 on proof and writes nothing', async (_name, pathFor, message) => {
    const user = await createUser();
    const other = await createUser();
    const path = await pathFor(user, other);
    const res = await submit(user, { proof: path });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'invalid_input', field: 'proof' });
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(0);
  });

  it('accepts a proof of exactly 5 MB', async () => {
    const user = await createUser();
    const res = await submit(user, { proof: await uploadProof(user, 'image/png', picture('image/png', PROOF_MAX_BYTES)) });
    expect(res.status).toBe(201);
  });

  it('attaches one screenshot to one request: a second request naming it answers 409 proof_used', async () => {
    const user = await createUser();
    const path = await uploadProof(user);
    expect((await submit(user, { proof: path })).status).toBe(201);
    const again = await submit(user, { proof: path });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This screenshot is already attached to another request', code: 'proof_used', field: 'proof' });
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(1);
  });

  it('of two requests naming one screenshot at the same moment, one is made', async () => {
    const user = await createUser();
    const path = await uploadProof(user);
    const answers = await Promise.all([submit(user, { proof: path }), submit(user, { proof: path })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(1);
  });

  it('replays the first answer for a repeated Idempotency-Key with the same proof', async () => {
    const user = await createUser();
    const path = await uploadProof(user);
    const body = { proof: path, reference: newReference() };
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await submit(user, body, headers);
    const second = await submit(user, body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(1);
  });
});
