import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spendingKey } from '@/features/dashboard/api/get-spending';
import { myOrdersQueryKey } from '@/features/orders/api/get-my-orders';
import { myRechargeRequestsQueryKey } from '@/features/recharge/api/get-my-recharge-requests';
import { myTicketsKey } from '@/features/tickets/api/get-my-tickets';
import { MY_ORDERS_KEY, MY_TOP_UPS_KEY, PUSH_MESSAGE_TYPE, refetchOnPush, SPENDING_KEY } from '@/lib/unread-notifications';

it('refreshes the orders and the top-ups under the keys their queries use (written apart: the header may not import a feature)', () => {
  expect(myOrdersQueryKey[0]).toBe(MY_ORDERS_KEY);
  expect(myRechargeRequestsQueryKey[0]).toBe(MY_TOP_UPS_KEY);
  expect(spendingKey[0]).toBe(SPENDING_KEY);
});

describe('a push arriving while the app is open', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The views on screen, as queries with answers; which of them a push of `kind` makes read again. */
  function invalidatedBy(kind: string): string[] {
    const worker = new EventTarget();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: worker });
    const client = new QueryClient();
    const views = {
      orders: [...myOrdersQueryKey, {}],
      balance: ['profile', 'uid-1'],
      topUps: myRechargeRequestsQueryKey,
      tickets: myTicketsKey,
      spending: spendingKey,
    };
    for (const key of Object.values(views)) client.setQueryData(key, { shown: true });
    const stop = refetchOnPush(client);
    worker.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE_TYPE, kind } }));
    stop();
    return Object.entries(views)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  }

  it('refreshes the views its news concerns', () => {
    expect(invalidatedBy('order')).toEqual(['orders', 'balance', 'spending']);
    expect(invalidatedBy('refill')).toEqual(['orders', 'balance', 'spending']);
    expect(invalidatedBy('topup')).toEqual(['balance', 'topUps']);
    expect(invalidatedBy('ticket')).toEqual(['tickets']);
  });

  it('refreshes every view for news of a kind it does not know', () => {
    expect(invalidatedBy('something-new')).toEqual(['orders', 'balance', 'topUps', 'tickets', 'spending']);
  });
});
