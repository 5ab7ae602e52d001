import { expect, it } from 'vitest';
import { myOrdersQueryKey } from '@/features/orders/api/get-my-orders';
import { MY_ORDERS_KEY } from '@/lib/unread-notifications';

it('refreshes the orders under the key their queries use (written apart: the header may not import a feature)', () => {
  expect(myOrdersQueryKey[0]).toBe(MY_ORDERS_KEY);
});
