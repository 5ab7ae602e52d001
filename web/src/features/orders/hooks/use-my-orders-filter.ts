// The Orders page's filter lives in the URL (`/orders?tab=completed&q=…&from=…&to=…`): a filtered list
// survives a reload and can be linked, and Back returns to the previous one.
import { ORDER_STATUSES, type OrderStatus } from '@shared/order-status';
import { useSearchParams } from 'react-router-dom';
import type { MyOrdersFilter } from '@/features/orders/api/get-my-orders';
import { dayParam } from '@/lib/day-ranges';

export const ORDER_TABS = ['all', 'pending', 'processing', 'completed', 'partial', 'cancelled', 'drip-feed'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  all: 'All',
  pending: 'Pending',
  processing: 'In progress',
  completed: 'Completed',
  partial: 'Partial',
  cancelled: 'Cancelled',
  'drip-feed': 'Drip-feed',
};

export interface OrdersView {
  tab: OrderTab;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const isTab = (value: string | null): value is OrderTab => ORDER_TABS.includes(value as OrderTab);
const isStatus = (value: string): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

export function readOrdersView(params: URLSearchParams): OrdersView {
  const tab = params.get('tab');
  const q = params.get('q')?.trim() || undefined;
  return { tab: isTab(tab) ? tab : 'all', q, from: dayParam(params.get('from')), to: dayParam(params.get('to')) };
}

export function writeOrdersView(view: OrdersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'all') params.set('tab', view.tab);
  if (view.q) params.set('q', view.q);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  return params;
}

/** What the API is asked for a view: the tab as a status or the drip-feeds. */
export function filterOf(view: OrdersView): MyOrdersFilter {
  return {
    ...(isStatus(view.tab) ? { status: view.tab } : {}),
    ...(view.tab === 'drip-feed' ? { dripFeed: 'true' as const } : {}),
    ...(view.q ? { q: view.q } : {}),
    ...(view.from ? { from: view.from } : {}),
    ...(view.to ? { to: view.to } : {}),
  };
}

export function useOrdersView() {
  const [params, setParams] = useSearchParams();
  const view = readOrdersView(params);
  return [view, (next: OrdersView) => setParams(writeOrdersView(next))] as const;
}
