// The Orders section: every order, filtered by status, platform, service, a range of Pakistan days and
// the search (order number, email or link); the filters live in the URL, so a filtered list is a link.
// Orders can be selected and moved to a status together: each goes through the same status transaction
// as a single change (a refund happens once), and each order's result is shown. Partial is offered for
// one order at a time: its remains are a part of that order's quantity (the API refuses it for several).
// Each order shows where it stands with its provider; the provider state filter lists the Failed and
// Unknown orders to act on (it combines with the dates or an order number only: the API's one index).
import { FULFILMENT_STATES, type FulfilmentState } from '@shared/fulfilment';
import { MESSAGES } from '@shared/messages';
import { isFinalStatus, ORDER_STATUSES, type OrderStatus } from '@shared/order-status';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import type { AdminOrder } from '@shared/providers';
import { LIMITS } from '@shared/schemas/fields';
import type { BulkStatusResultWire, Order } from '@shared/schemas/orders';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ChoiceField, DateRangeFields, FilterActions, useFilterDraft } from '@/components/ui/filter-fields';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { useAdminServices } from '@/features/admin/catalogue/api/get-admin-services';
import type { OrdersFilter } from '@/features/admin/orders/api/get-all-orders';
import { useAllOrders } from '@/features/admin/orders/api/get-all-orders';
import { useUpdateOrderStatuses } from '@/features/admin/orders/api/update-order-statuses';
import { orderColumns } from '@/features/admin/orders/components/order-columns';
import { FULFILMENT_LABELS, FulfilmentActions, FulfilmentCell } from '@/features/admin/orders/components/order-fulfilment';
import { useProviders } from '@/features/admin/providers/api/get-providers';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ListTable } from '@/features/admin/shared/components/list-table';

const FILTER_KEYS = ['q', 'status', 'platform', 'serviceId', 'from', 'to', 'fulfilment'] as const;

function filterFrom(params: URLSearchParams): OrdersFilter {
  const value = (key: string) => params.get(key) || undefined;
  const status = value('status');
  const platform = value('platform');
  const fulfilment = value('fulfilment');
  return {
    q: value('q'),
    status: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    platform: PLATFORMS.includes(platform as Platform) ? (platform as Platform) : undefined,
    serviceId: value('serviceId'),
    from: value('from'),
    to: value('to'),
    fulfilment: FULFILMENT_STATES.includes(fulfilment as FulfilmentState) ? (fulfilment as FulfilmentState) : undefined,
  };
}

function OrderFilters({ filter, onApply }: { filter: OrdersFilter; onApply: (next: OrdersFilter) => void }) {
  // The admin catalogue, disabled services too: their orders continue and can be looked for.
  const services = useAdminServices();
  // A provider state list takes no status, platform or service (those fields are disabled meanwhile).
  const { draft, clears, set, submit, clear } = useFilterDraft(filter, onApply, (next) => ({
    ...next,
    ...(next.fulfilment ? { status: undefined, platform: undefined, serviceId: undefined } : {}),
    q: next.q?.trim() || undefined,
  }));
  const byState = draft.fulfilment !== undefined;
  const serviceChoices = (services.data?.services ?? []).filter((service) => !draft.platform || service.platform === draft.platform);
  return (
    <search>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-end" onSubmit={submit}>
        <TextField
          label="Search orders"
          placeholder="Order ID, email or link"
          value={draft.q ?? ''}
          onChange={(event) => set({ q: event.target.value })}
        />
        <ChoiceField
          label="Status"
          disabled={byState}
          all="All statuses"
          options={ORDER_STATUSES}
          value={draft.status}
          onChange={(status) => set({ status })}
        />
        <ChoiceField
          label="Platform"
          disabled={byState}
          all="All platforms"
          options={PLATFORMS}
          labelOf={(platform) => PLATFORM_LABELS[platform]}
          value={draft.platform}
          onChange={(platform) => set({ platform, serviceId: undefined })}
        />
        <SelectField
          label="Service"
          disabled={byState}
          value={draft.serviceId ?? ''}
          onChange={(event) => set({ serviceId: event.target.value || undefined })}
        >
          <option value="">All services</option>
          {serviceChoices.map((service) => (
            <option key={service._id} value={service._id}>
              {PLATFORM_LABELS[service.platform]} · {service.category} · {service.name}
              {service.active ? '' : ' (disabled)'}
            </option>
          ))}
        </SelectField>
        <ChoiceField
          label="Provider state"
          hint={byState ? 'Combines with the dates or an order number only.' : undefined}
          all="All provider states"
          options={FULFILMENT_STATES}
          labelOf={(state) => FULFILMENT_LABELS[state]}
          value={draft.fulfilment}
          onChange={(fulfilment) => set({ fulfilment })}
        />
        <DateRangeFields key={clears} range={draft} onChange={set} labels={['From (Pakistan date)', 'To (Pakistan date)']} bounded />
        <FilterActions applyLabel="Apply filters" className="flex gap-2 sm:col-span-2 lg:col-span-3" onClear={clear} />
      </form>
    </search>
  );
}

function BulkResults({ results, numbers }: { results: BulkStatusResultWire[]; numbers: Map<string, number> }) {
  const done = results.filter((result) => result.ok).length;
  return (
    <div role="status" className="rounded-xl bg-slate-50 p-4 text-sm">
      <p className="font-semibold text-slate-900">
        {done} of {results.length} {results.length === 1 ? 'order' : 'orders'} updated
      </p>
      <ul aria-label="Result of each order" className="mt-2 space-y-1">
        {results.map((result) => (
          <li key={result.id} className={result.ok ? 'text-emerald-800' : 'text-red-800'}>
            #{numbers.get(result.id) ?? result.id}: {result.ok ? `✅ ${result.order.status}` : `❌ ${result.message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

function BulkStatusBar({
  selected,
  selectable,
  onSelect,
  onDone,
}: {
  selected: readonly Order[];
  /** The loaded orders that can still change, in the list's order. */
  selectable: readonly string[];
  onSelect: (next: Set<string>) => void;
  onDone: (results: BulkStatusResultWire[]) => void;
}) {
  const update = useUpdateOrderStatuses();
  const [status, setStatus] = useState<OrderStatus>('processing');
  const [remains, setRemains] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const single = selected.length === 1 ? selected[0] : undefined;
  const remainsNumber = Number(remains);
  const remainsValid = single !== undefined && Number.isInteger(remainsNumber) && remainsNumber > 0 && remainsNumber < single.quantity;
  const canApply = selected.length > 0 && (status !== 'partial' || remainsValid);

  const onApply = async () => {
    setFailure(null);
    try {
      const answer = await update.mutateAsync({
        ids: selected.map((order) => order._id),
        status,
        ...(status === 'partial' ? { remains: remainsNumber } : {}),
      });
      onDone(answer.results);
    } catch (error) {
      setFailure(adminFailure(error));
    }
  };

  return (
    <div className="space-y-2 rounded-xl bg-brand-50 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex items-center gap-1 self-center">
          <p className="text-sm font-semibold text-slate-900">{selected.length} selected</p>
          <SelectAllButton selected={new Set(selected.map((order) => order._id))} selectable={selectable} onSelect={onSelect} />
        </div>
        <div className="w-40">
          <SelectField label="New status" value={status} onChange={(event) => setStatus(event.target.value as OrderStatus)}>
            {ORDER_STATUSES.map((option) =>
              option === 'partial' && selected.length > 1 ? (
                <option key={option} value={option} disabled>
                  partial (one order at a time)
                </option>
              ) : (
                <option key={option} value={option}>
                  {option}
                </option>
              ),
            )}
          </SelectField>
        </div>
        {status === 'partial' ? (
          <div className="w-32">
            <TextField
              label="Remains"
              type="number"
              inputMode="numeric"
              min={1}
              max={single ? single.quantity - 1 : undefined}
              value={remains}
              onChange={(event) => setRemains(event.target.value)}
            />
          </div>
        ) : null}
        <Button disabled={!canApply} loading={update.isPending} onClick={onApply}>
          Update selected
        </Button>
      </div>
      {status === 'partial' && selected.length > 1 ? <p className="text-sm text-slate-700">{MESSAGES.partialOneOrder}</p> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}

/**
 * Ticks every loaded order that can still change (up to what one change takes), or clears the ticks:
 * a queue of pending orders is moved together without ticking each.
 */
function SelectAllButton({
  selected,
  selectable,
  onSelect,
}: {
  selected: ReadonlySet<string>;
  selectable: readonly string[];
  onSelect: (next: Set<string>) => void;
}) {
  const all = selectable.slice(0, LIMITS.bulkOrders);
  if (selected.size > 0 && (selected.size >= LIMITS.bulkOrders || all.every((id) => selected.has(id)))) {
    return (
      <Button size="sm" variant="ghost" onClick={() => onSelect(new Set())}>
        Clear selection
      </Button>
    );
  }
  if (all.length === 0) return null;
  return (
    <Button size="sm" variant="ghost" onClick={() => onSelect(new Set(all))}>
      Select all {all.length}
    </Button>
  );
}

/** Whether an order can still change status (and so be selected). */
const changeable = (order: Order) => !isFinalStatus(order.status);

export function OrdersSection() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const orders = useAllOrders(filter);
  const providers = useProviders();
  const columns = useMemo<Column<AdminOrder>[]>(() => {
    const byId = new Map(providers.items.map((provider) => [provider._id, provider]));
    // Every provider is listed: an order's provider missing from it no longer exists.
    const loaded = providers.isSuccess && !providers.hasNextPage;
    return [
      ...orderColumns,
      { header: 'Provider', cell: (order) => <FulfilmentCell order={order} providers={byId} providersLoaded={loaded} /> },
      { header: 'Provider action', cell: (order) => <FulfilmentActions order={order} providers={providers.items} /> },
    ];
  }, [providers.items, providers.isSuccess, providers.hasNextPage]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<BulkStatusResultWire[] | null>(null);
  const [numbers, setNumbers] = useState(new Map<string, number>());
  // The selection is what was picked among the rows that can still change: an order that became final
  // (its checkbox disabled, so the admin could not clear it) leaves it, and is not sent again.
  const selectedOrders = orders.items.filter((order) => picked.has(order._id) && changeable(order));
  const selected = new Set(selectedOrders.map((order) => order._id));

  const apply = (next: OrdersFilter) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = next[key];
      if (value) search.set(key, value);
    }
    setParams(search);
    setPicked(new Set());
  };

  return (
    <Section id="orders-heading" title="All Orders" hideTitle>
      <OrderFilters key={params.toString()} filter={filter} onApply={apply} />
      {orders.isError ? null : (
        <BulkStatusBar
          selected={selectedOrders}
          selectable={orders.items.filter(changeable).map((order) => order._id)}
          onSelect={setPicked}
          onDone={(answer) => {
            setNumbers(new Map(orders.items.map((order) => [order._id, order.number])));
            setResults(answer);
            // Orders that moved leave the selection; refused ones stay, to try again or look at, while
            // their rows can still change.
            setPicked(new Set(answer.filter((result) => !result.ok).map((result) => result.id)));
          }}
        />
      )}
      {results ? <BulkResults results={results} numbers={numbers} /> : null}
      <ListTable
        list={orders}
        caption="All Orders"
        emptyText="No orders found."
        errorText={orders.error ? adminFailure(orders.error, 'Could not load orders.') : 'Could not load orders.'}
        columns={columns}
        selection={{ selected, onChange: setPicked }}
        selectable={changeable}
      />
    </Section>
  );
}
