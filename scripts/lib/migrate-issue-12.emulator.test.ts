import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetEmulators } from '../../tests/support/api';
import { ROOT } from './emulators';
import { migrateIssue12 } from './migrate-issue-12';

const at = (minutes: number) => Timestamp.fromMillis(Date.UTC(2026, 0, 1) + minutes * 60_000);
const customer = { _id: 'cust', name: 'Old Customer', email: 'old@example.com' };
const order = (link: string, minutes: number) => ({
  userId: 'cust',
  user: customer,
  platform: 'tiktok',
  serviceId: 'tt-likes',
  service: 'TikTok Likes',
  link,
  quantity: 100,
  pricePaisa: 5000,
  status: 'completed',
  createdAt: at(minutes),
  updatedAt: at(minutes),
});
const recharge = (minutes: number) => ({ userId: 'cust', user: customer, amountPaisa: 10_000, date: at(minutes), method: 'admin' });
const request = (status: string, minutes: number) => ({
  userId: 'cust',
  user: customer,
  amountPaisa: 20_000,
  method: 'JazzCash',
  reference: `T${minutes}`,
  status,
  createdAt: at(minutes),
  ...(status === 'pending' ? {} : { decidedAt: at(minutes + 1) }),
});
const OLD_LINK = 'https://WWW.TikTok.com./@old/video/7?#comments';
const SEARCHED = 'https://www.tiktok.com/@old/video/7';

describe('npm run migrate:issue-12', () => {
  beforeAll(async () => {
    await resetEmulators();
  });

  it('backfills linkHash and moves the admin emails to audit/, page by page, and a second run changes nothing', async () => {
    const { db } = await import('../../functions/src/lib/admin');
    const { listAllOrders, orderLinkHash } = await import('../../functions/src/services/orders/orders');
    const { listRecentRecharges } = await import('../../functions/src/services/money/credits');
    const orders = db.collection('orders');
    const audit = db.collection('audit');

    // Old shapes (no linkHash, the admin's email on the document), beside documents the current code wrote.
    await orders.doc('1001').set(order(OLD_LINK, 1));
    for (const id of ['1002', '1003', '1004', '1005']) await orders.doc(id).set(order(`https://www.tiktok.com/@a/video/${id}`, 2));
    await orders.doc('1006').set({ ...order(SEARCHED, 3), linkHash: orderLinkHash(SEARCHED) });
    for (const id of ['r1', 'r2', 'r3'])
      await db
        .collection('recharges')
        .doc(id)
        .set({ ...recharge(10), by: 'boss@example.com' });
    await db.collection('recharges').doc('r4').set(recharge(11));
    const newAudit = { subject: 'recharges/r4', action: 'credit', by: 'new@example.com', byUid: 'new-admin', at: at(11) };
    await audit.doc('recharges-r4').set(newAudit);
    await db
      .collection('rechargeRequests')
      .doc('q1')
      .set({ ...request('approved', 20), decidedBy: 'boss@example.com', rechargeId: 'r1' });
    await db
      .collection('rechargeRequests')
      .doc('q2')
      .set({ ...request('rejected', 30), decidedBy: 'other@example.com', note: 'No such payment' });
    await db.collection('rechargeRequests').doc('q3').set(request('pending', 40));
    // Half-new: its audit record was already written; the record stays, the field goes.
    await db
      .collection('rechargeRequests')
      .doc('q4')
      .set({ ...request('rejected', 50), decidedBy: 'stale@example.com' });
    const q4Audit = { subject: 'rechargeRequests/q4', action: 'reject', by: 'real@example.com', byUid: 'real', at: at(51) };
    await audit.doc('rechargeRequests-q4').set(q4Audit);

    expect((await listAllOrders({ limit: 10, q: SEARCHED })).items.map((o) => o._id)).toEqual(['1006']);
    const untouched = async () =>
      Object.fromEntries(
        await Promise.all(
          ['orders/1006', 'recharges/r4', 'audit/recharges-r4', 'rechargeRequests/q3', 'audit/rechargeRequests-q4'].map(
            async (path) => [path, (await db.doc(path).get()).updateTime?.toMillis()] as const,
          ),
        ),
      );
    const before = await untouched();

    const first = await migrateIssue12({ batchSize: 2 });
    expect(first).toEqual({
      orders: { scanned: 6, updated: 5, skipped: 0 },
      recharges: { scanned: 4, updated: 3, skipped: 0 },
      rechargeRequests: { scanned: 4, updated: 3, skipped: 0 },
    });

    const old = (await orders.doc('1001').get()).data();
    expect(old).toMatchObject({ link: OLD_LINK, linkHash: orderLinkHash(SEARCHED), updatedAt: at(1) });
    expect((await orders.doc('1002').get()).get('linkHash')).toBe(orderLinkHash('https://www.tiktok.com/@a/video/1002'));
    expect((await listAllOrders({ limit: 10, q: SEARCHED })).items.map((o) => o._id).sort()).toEqual(['1001', '1006']);

    for (const id of ['r1', 'r2', 'r3']) {
      const snap = await db.collection('recharges').doc(id).get();
      expect(snap.data()).toEqual(recharge(10));
      expect((await audit.doc(`recharges-${id}`).get()).data()).toEqual({
        subject: `recharges/${id}`,
        action: 'credit',
        by: 'boss@example.com',
        byUid: '',
        at: at(10),
      });
    }
    const { items } = await listRecentRecharges({ limit: 10 });
    expect(Object.fromEntries(items.map((r) => [r._id, r.by]))).toEqual({
      r1: 'boss@example.com',
      r2: 'boss@example.com',
      r3: 'boss@example.com',
      r4: 'new@example.com',
    });

    expect((await db.collection('rechargeRequests').doc('q1').get()).data()).toEqual({ ...request('approved', 20), rechargeId: 'r1' });
    expect((await audit.doc('rechargeRequests-q1').get()).data()).toEqual({
      subject: 'rechargeRequests/q1',
      action: 'approve',
      by: 'boss@example.com',
      byUid: '',
      at: at(21),
    });
    expect((await db.collection('rechargeRequests').doc('q2').get()).data()).toEqual({
      ...request('rejected', 30),
      note: 'No such payment',
    });
    expect((await audit.doc('rechargeRequests-q2').get()).data()).toMatchObject({ action: 'reject', by: 'other@example.com', at: at(31) });
    expect((await db.collection('rechargeRequests').doc('q4').get()).data()).toEqual(request('rejected', 50));
    expect((await audit.doc('rechargeRequests-q4').get()).data()).toEqual(q4Audit);
    expect((await audit.doc('rechargeRequests-q3').get()).exists).toBe(false);
    expect((await audit.get()).size).toBe(7);
    expect(await untouched()).toEqual(before);

    // Again, in-process and as the deployer would run it (the CLI, the default page size): nothing left to do.
    const snapshotTimes = async () => {
      const times: Record<string, number | undefined> = {};
      for (const name of ['orders', 'recharges', 'rechargeRequests', 'audit']) {
        for (const doc of (await db.collection(name).get()).docs) times[doc.ref.path] = doc.updateTime.toMillis();
      }
      return times;
    };
    const afterFirst = await snapshotTimes();
    expect(await migrateIssue12({ batchSize: 2 })).toEqual({
      orders: { scanned: 6, updated: 0, skipped: 0 },
      recharges: { scanned: 4, updated: 0, skipped: 0 },
      rechargeRequests: { scanned: 4, updated: 0, skipped: 0 },
    });
    const second = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'migrate-issue-12.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: process.env,
    });
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('orders: 6 read, 0 migrated, 0 left as they are');
    expect(second.stdout).toContain('recharges: 4 read, 0 migrated, 0 left as they are');
    expect(second.stdout).toContain('rechargeRequests: 4 read, 0 migrated, 0 left as they are');
    expect(await snapshotTimes()).toEqual(afterFirst);
  });
});
