// Notifications written by the workers: a drip-feed's completion by its last run, a refill the
// provider decided, an order the provider sync changed. Each is written in the worker's transaction with
// its push left due, and the push worker (the every-minute run's last step) sends it, once.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, type TestUser } from '../../../../tests/support/api';
import { adminWithDripFeed, fundedUser } from '../../../../tests/support/users';
import { emulatorPushesCollection } from '../../lib/push-sender';
import { startDueRun } from '../../workers/drip-feed';
import { updateOrderStatus } from '../orders/orders';
import { decideRefillByProvider, requestRefill } from '../orders/refills';
import { notificationsOf, sendDuePushes } from './notifications';

const api = apiServerForFile({ moneyInvariants: true });
let _admin: TestUser;

beforeAll(async () => {
  _admin = await adminWithDripFeed(api.url, 'tt-views-hq');
});

async function customerWithDevice(): Promise<{ user: TestUser; token: string }> {
  const user = await fundedUser(200);
  const token = `tok-${randomUUID()}`;
  const res = await call(api.url, 'POST', '/api/notifications/devices', { token: user.token, body: { token } });
  expect(res.status).toBe(204);
  return { user, token };
}
const place = async (user: TestUser, body: Record<string, unknown>) => {
  const res = await call(api.url, 'POST', '/api/order/place', {
    token: user.token,
    body: { link: `https://tiktok.com/@w/video/${randomUUID().replace(/-/g, '').slice(0, 12)}`, quantity: 1000, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as { _id: string; service: string };
};
const orderNotes = async (user: TestUser) =>
  (await notificationsOf(user.uid).get()).docs.filter((d) => !d.id.startsWith('credit-')).map((d) => ({ id: d.id, ...d.data() }));
const tagsPushedTo = async (token: string) =>
  (await emulatorPushesCollection().where('message.token', '==', token).get()).docs.map((d) => d.get('message.data.tag') as string);

describe('workers notify in their own transaction; the push worker sends', () => {
  it("a drip-feed's last run completes it: one notification, none for the runs, pushed by the worker", async () => {
    const { user, token } = await customerWithDevice();
    const parent = await place(user, { serviceId: 'tt-views-hq', runs: 2, interval: 1 });
    const later = { now: () => Date.now() + 2 * 60_000 };
    expect(await startDueRun(parent._id, later)).toBe('completed');
    expect(await startDueRun(parent._id, later)).toBe('skipped');
    const notes = await orderNotes(user);
    const id = `order-${parent._id}-completed`;
    expect(notes).toEqual([
      expect.objectContaining({
        id,
        title: `Order #${parent._id} is completed`,
        body: `2000 ${parent.service}.`,
        push: expect.objectContaining({ state: 'due' }),
      }),
    ]);
    expect(await tagsPushedTo(token)).toEqual([]);
    await sendDuePushes(later);
    await sendDuePushes(later);
    expect(await tagsPushedTo(token)).toEqual([id]);
  });

  it('a refill the provider decided notifies once, pushed by the worker', async () => {
    const { user, token } = await customerWithDevice();
    const order = await place(user, { serviceId: 'tt-followers-real', quantity: 100 });
    await updateOrderStatus(order._id, 'completed', undefined, { source: 'provider', pushLater: true });
    const { refillId } = await requestRefill(user.uid, order._id);
    await decideRefillByProvider(refillId, 'rejected', 'Rejected');
    await expect(decideRefillByProvider(refillId, 'completed', 'Completed')).rejects.toMatchObject({ code: 'already_decided' });
    const refill = (await orderNotes(user)).filter((n) => n.kind === 'refill');
    expect(refill).toEqual([
      expect.objectContaining({
        id: `refill-${refillId}`,
        title: `Refill of order #${order._id} rejected`,
        push: expect.objectContaining({ state: 'due' }),
      }),
    ]);
    // Decided by a worker: nothing pushed until the push worker runs.
    expect(await tagsPushedTo(token)).toEqual([]);
    await sendDuePushes({ now: Date.now });
    expect((await tagsPushedTo(token)).sort()).toEqual([`order-${order._id}-completed`, `refill-${refillId}`].sort());
  });
});
