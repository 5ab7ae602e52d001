// The Overview's All Orders (spec: status dropdown and Update per row, 5 rows with Show More/Show Less),
// searchable by order number, email or link and filtered by status; Load more reaches every order.
import { ORDER_STATUSES, type OrderStatus } from '@shared/order-status';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { type OrdersFilter, useAllOrders } from '@/features/admin/api/get-all-orders';
import { ListTable } from '@/features/admin/components/list-table';
import { orderColumns } from '@/features/admin/components/order-columns';

export function OrdersPanel() {
  const [filter, setFilter] = useState<OrdersFilter>({});
  const [search, setSearch] = useState('');
  const orders = useAllOrders(filter);

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
      <ListTable
        list={orders}
        caption="All Orders"
        getKey={(order) => order._id}
        emptyText="No orders found."
        errorText="Could not load orders."
        pageSize={5}
        columns={orderColumns}
      />
    </section>
  );
}
