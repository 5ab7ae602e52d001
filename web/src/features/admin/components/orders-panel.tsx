import { ORDER_STATUSES, type OrderStatus } from '@shared/order-status';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { type OrdersFilter, useAllOrders } from '@/features/admin/api/get-all-orders';
import { LoadMore, UserCell } from '@/features/admin/components/cells';
import { OrderStatusEditor } from '@/features/admin/components/order-status-editor';
import { formatAmount, formatDateTime } from '@/lib/format';

export function OrdersPanel() {
  const [filter, setFilter] = useState<OrdersFilter>({});
  const [search, setSearch] = useState('');
  const orders = useAllOrders(filter);
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  return (
    <section aria-labelledby="all-orders-heading" className="space-y-4">
      <h2 id="all-orders-heading" className="text-lg font-bold text-slate-900">
        All Orders
      </h2>
      <search>
        <form
          className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setFilter((current) => ({ ...current, q: search.trim() || undefined }));
          }}
        >
          <TextField
            label="Search orders"
            placeholder="Order ID, email or link"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label="Status"
            value={filter.status ?? ''}
            onChange={(event) =>
              setFilter((current) => ({ ...current, status: (event.target.value || undefined) as OrderStatus | undefined }))
            }
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status} className="capitalize">
                {status}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      {orders.isPending ? (
        <LoadingBlock className="min-h-40" />
      ) : orders.isError ? (
        <FormAlert>Could not load orders.</FormAlert>
      ) : (
        <DataTable
          caption="All Orders"
          rows={rows}
          getKey={(order) => order._id}
          emptyText="No orders found."
          columns={[
            {
              header: 'Order',
              cell: (order) => (
                <span className="text-right sm:text-left">
                  <span className="block font-mono font-semibold">#{order.number}</span>
                  <span className="block text-xs text-slate-600">{formatDateTime(order.createdAt)}</span>
                </span>
              ),
            },
            {
              header: 'User',
              cell: (order) => <UserCell user={order.user} />,
            },
            {
              header: 'Service',
              cell: (order) => (
                <span className="min-w-0 text-right sm:text-left">
                  <span className="block">{order.service}</span>
                  <a
                    href={order.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block text-xs break-all text-brand-700 hover:underline"
                  >
                    {order.link}
                  </a>
                </span>
              ),
            },
            {
              header: 'Qty / Price',
              cell: (order) => (
                <span className="text-right tabular-nums sm:text-left">
                  {order.quantity.toLocaleString('en-US')} · {formatAmount(order.price)}
                  {order.remains ? <span className="block text-xs text-slate-600">remains {order.remains}</span> : null}
                </span>
              ),
            },
            { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
            { header: 'Change', cell: (order) => <OrderStatusEditor key={`${order._id}-${order.status}`} order={order} /> },
          ]}
          footer={<LoadMore query={orders} />}
        />
      )}
    </section>
  );
}
