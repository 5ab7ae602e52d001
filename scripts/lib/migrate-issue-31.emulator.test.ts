import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { apiServerForFile, call } from '../../tests/support/api';
import { adminWithDripFeed, fundedUser } from '../../tests/support/users';
import { migrateIssue31 } from './migrate-issue-31';

const api = apiServerForFile();

describe('npm run migrate:issue-31', () => {
  it('marks the drip-feeds placed before the Drip-feed tab, page by page, so the tab lists them; a second run changes nothing', async () => {
    const { db } = await import('../../functions/src/lib/admin');
    await adminWithDripFeed(api.url, 'tt-views-fast');
    const me = await fundedUser(500);
    const place = async (extra: Record<string, unknown>) =>
      (
        await call(api.url, 'POST', '/api/order/place', {
          token: me.token,
          body: {
            serviceId: 'tt-views-fast',
            link: `https://www.tiktok.com/@m/video/${Date.now()}${Math.random()}`.replace('0.', ''),
            quantity: 1000,
            ...extra,
          },
        })
      ).body.order._id as string;
    const older = await place({ runs: 2, interval: 60 });
    const newer = await place({ runs: 2, interval: 60 });
    await place({});
    // As placed before issue 31: without the field.
    await db.collection('orders').doc(older).update({ isDripFeed: FieldValue.delete() });
    const tab = async () =>
      ((await call(api.url, 'GET', '/api/order/my-orders?dripFeed=true', { token: me.token })).body.orders as { _id: string }[]).map(
        (o) => o._id,
      );
    expect(await tab()).toEqual([newer]);

    // Two drip-feeds, two runs and a plain order, one a page.
    expect(await migrateIssue31({ batchSize: 1 })).toEqual({ scanned: 5, updated: 1 });
    expect(await tab()).toEqual([newer, older]);
    expect(await migrateIssue31()).toEqual({ scanned: 5, updated: 0 });
  });
});
