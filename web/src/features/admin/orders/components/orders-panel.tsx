// The Overview's All Orders (spec: status dropdown and Update per row, 5 rows with Show More/Show Less),
// searchable by order number, email or link and filtered by status; Load more reaches every order.
import { ORDER_STATUSES } from '@shared/order-status';
import { useState } from 'react';
import { ChoiceField, SearchForm } from '@/components/ui/filter-fields';
import { TextField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { type OrdersFilter, useAllOrders } from '@/features/admin/orders/api/get-all-orders';
import { orderColumns } from '@/features/admin/orders/components/order-columns';
import { ListTable } from '@/features/admin/shared/components/list-table';

export function OrdersPanel() {
  const [filter, setFilter] = useState<OrdersFilter>({});
  const [search, setSearch] = useState('');
  const orders = useAllOrders(filter);

  return (
    <Section id="all-orders-heading" title="All Orders">
      <SearchForm
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        submitLabel="Search"
        onSearch={() => setFilter((current) => ({ ...current, q: search.trim() || undefined }))}
      >
        <TextField
          label="Search orders"
          placeholder="Order ID, email or link"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <ChoiceField
          label="Status"
          all="All statuses"
          options={ORDER_STATUSES}
          optionClassName="capitalize"
          value={filter.status}
          onChange={(status) => setFilter((current) => ({ ...current, status }))}
        />
      </SearchForm>
      <ListTable
        list={orders}
        caption="All Orders"
        emptyText="No orders found."
        errorText="Could not load orders."
        pageSize={5}
        columns={orderColumns}
      />
    </Section>
  );
}
