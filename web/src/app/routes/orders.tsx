// My Orders (`/orders`): every order of the customer, newest first, a page at a time, by tab (a status or the
// drip-feeds), searched by order number or link, within Pakistan days; each with what may be done with it now.
// Offline it shows what the service worker saved of the list, with its actions waiting for the connection.
import { useMemo } from 'react';
import { BackToDashboard } from '@/components/layout/back-to-dashboard';
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-field';
import { LoadMoreFooter } from '@/components/ui/load-more';
import { LoadingBlock } from '@/components/ui/spinner';
import { type StatusTab, StatusTabs } from '@/components/ui/status-tabs';
import { screenFrames } from '@/config/screen-frames';
import { useMyOrderPages } from '@/features/orders/api/get-my-orders';
import { useServices } from '@/features/orders/api/get-services';
import { MyOrdersFilters } from '@/features/orders/components/my-orders-filters';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';
import { filterOf, ORDER_TAB_LABELS, ORDER_TABS, type OrderTab, useOrdersView } from '@/features/orders/hooks/use-my-orders-filter';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useOnline } from '@/lib/network';

const TABS: StatusTab<OrderTab>[] = ORDER_TABS.map((value) => ({ value, label: ORDER_TAB_LABELS[value] }));

function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'invalid_input') return error.message;
  return errorMessage(error, 'Could not load your orders. Check the connection and try again.');
}

export function OrdersRoute() {
  const [view, setView] = useOrdersView();
  const filter = useMemo(() => filterOf(view), [view]);
  const orders = useMyOrderPages(filter);
  const services = useServices();
  const online = useOnline();
  const serviceNumbers = useMemo(
    () => new Map((services.data?.services ?? []).flatMap((s) => (s.number === undefined ? [] : [[s._id, s.number] as const]))),
    [services.data],
  );
  const searched = Boolean(view.q || view.from || view.to);

  return (
    <Page {...screenFrames.orders}>
      <div className="space-y-4">
        <Card aria-label="Search orders">
          <MyOrdersFilters key={`${view.q}|${view.from}|${view.to}`} view={view} onApply={setView} />
        </Card>
        <Card aria-labelledby="my-orders-heading">
          <h2 id="my-orders-heading" className="sr-only">
            Orders
          </h2>
          <StatusTabs label="Order status" tabs={TABS} value={view.tab} onChange={(tab) => setView({ ...view, tab })}>
            {orders.isPending ? (
              <LoadingBlock className="min-h-40" />
            ) : orders.isError && orders.orders.length === 0 ? (
              <FormAlert>{loadFailure(orders.error)}</FormAlert>
            ) : (
              <MyOrdersTable
                orders={orders.orders}
                serviceNumbers={serviceNumbers}
                offline={!online}
                emptyText={
                  searched || view.tab !== 'all'
                    ? 'No orders match this search.'
                    : 'No orders yet. Your orders will show here once you place one.'
                }
                footer={<LoadMoreFooter query={orders} />}
              />
            )}
            {orders.isFetchNextPageError ? <FormAlert>{loadFailure(orders.error)}</FormAlert> : null}
          </StatusTabs>
        </Card>
        <BackToDashboard />
      </div>
    </Page>
  );
}
