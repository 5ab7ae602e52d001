import { DateRangeFields, FilterActions, useFilterDraft } from '@/components/ui/filter-fields';
import { TextField } from '@/components/ui/form-field';
import type { OrdersView } from '@/features/orders/hooks/use-my-orders-filter';

type Search = Omit<OrdersView, 'tab'>;

export function MyOrdersFilters({ view, onApply }: { view: OrdersView; onApply: (next: OrdersView) => void }) {
  const apply = (search: Search) => onApply({ tab: view.tab, ...search });
  const { draft, clears, set, submit, clear } = useFilterDraft<Search>({ q: view.q, from: view.from, to: view.to }, apply, (next) => ({
    ...next,
    q: next.q?.trim() || undefined,
  }));
  return (
    <search>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={submit}>
        <TextField
          label="Order number or link"
          type="search"
          inputMode="search"
          dir="ltr"
          placeholder="e.g. 123456789 or https://…"
          value={draft.q ?? ''}
          onChange={(event) => set({ q: event.target.value || undefined })}
        />
        <DateRangeFields key={clears} range={draft} onChange={set} bounded />
        <FilterActions applyLabel="Search" onClear={clear} />
      </form>
    </search>
  );
}
