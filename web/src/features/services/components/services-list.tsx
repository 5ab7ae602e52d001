// The public list of services (/services): every active service with its ID (what Mass Order and API v2
// take), platform, category, name, rate per 1,000, min and max, refill window, its measured figures and badges,
// cancel and drip-feed; searched,
// filtered by platform and category and sorted by price, the view in the URL. "Order" chooses the service on
// /order, a visitor signing up first with the choice kept.
import type { CategoryOrder, Service } from '@shared/answers';
import { refillWindowLabel } from '@shared/catalogue';
import { formatNumber } from '@shared/numbers';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import { FIGURES_EXPLAINED, figuresSummary } from '@shared/service-figures';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListPrice } from '@/components/services/list-price';
import { buttonClass } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ChoiceField, FilterActions, useFilterDraft } from '@/components/ui/filter-fields';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useIsVisitor } from '@/lib/auth';
import { formatAmount } from '@/lib/format';

export const SORTS = ['price-asc', 'price-desc'] as const;
type Sort = (typeof SORTS)[number];
const SORT_LABELS: Record<Sort, string> = { 'price-asc': 'Price: low to high', 'price-desc': 'Price: high to low' };

export interface ServicesView {
  q?: string | undefined;
  platform?: Platform | undefined;
  category?: string | undefined;
  sort?: Sort | undefined;
}

export function readServicesView(params: URLSearchParams): ServicesView {
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() || undefined,
    platform: PLATFORMS.find((p) => p === params.get('platform')),
    category: params.get('category')?.trim() || undefined,
    sort: SORTS.find((s) => s === sort),
  };
}

function writeServicesView(view: ServicesView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'platform', 'category', 'sort'] as const) {
    const value = view[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function useServicesView() {
  const [params, setParams] = useSearchParams();
  return [readServicesView(params), (next: ServicesView) => setParams(writeServicesView(next))] as const;
}

/** The services a view shows: in the catalogue's order (platform, then the admin's category order), or by price. */
export function servicesInView(services: readonly Service[], categories: CategoryOrder, view: ServicesView): Service[] {
  const words = (view.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const shown = services.filter((s) => {
    if (view.platform && s.platform !== view.platform) return false;
    if (view.category && s.category !== view.category) return false;
    const text = `${s.number ?? ''} ${PLATFORM_LABELS[s.platform]} ${s.category} ${s.name}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const rank = (s: Service) => {
    const categoryIndex = categories[s.platform].indexOf(s.category);
    return PLATFORMS.indexOf(s.platform) * 10_000 + (categoryIndex < 0 ? 9_999 : categoryIndex);
  };
  if (view.sort === 'price-asc') return shown.sort((a, b) => a.ratePer1000 - b.ratePer1000 || rank(a) - rank(b));
  if (view.sort === 'price-desc') return shown.sort((a, b) => b.ratePer1000 - a.ratePer1000 || rank(a) - rank(b));
  return shown.sort((a, b) => rank(a) - rank(b) || (a.number ?? 0) - (b.number ?? 0));
}

function ServicesFilters({
  view,
  categories,
  onApply,
}: {
  view: ServicesView;
  categories: CategoryOrder;
  onApply: (next: ServicesView) => void;
}) {
  const { draft, set, submit, clear } = useFilterDraft(view, onApply, (next) => ({ ...next, q: next.q?.trim() || undefined }));
  const categoryOptions = draft.platform ? categories[draft.platform] : [...new Set(PLATFORMS.flatMap((p) => categories[p]))];
  return (
    <search>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" onSubmit={submit}>
        <TextField
          label="Search services"
          type="search"
          placeholder="ID, name or category"
          value={draft.q ?? ''}
          onChange={(event) => set({ q: event.target.value || undefined })}
        />
        <ChoiceField
          label="Platform"
          all="All platforms"
          options={PLATFORMS}
          labelOf={(p) => PLATFORM_LABELS[p]}
          value={draft.platform}
          onChange={(platform) => set({ platform, category: undefined })}
        />
        <ChoiceField
          label="Category"
          all="All categories"
          options={categoryOptions}
          value={draft.category}
          onChange={(category) => set({ category })}
        />
        <ChoiceField
          label="Sort"
          all="Catalogue order"
          options={SORTS}
          labelOf={(s) => SORT_LABELS[s]}
          value={draft.sort}
          onChange={(sort) => set({ sort })}
        />
        <FilterActions applyLabel="Show" onClear={clear} />
      </form>
    </search>
  );
}

const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');

export function ServicesList({ services, categories }: { services: readonly Service[]; categories: CategoryOrder }) {
  const [view, setView] = useServicesView();
  const shown = useMemo(() => servicesInView(services, categories, view), [services, categories, view]);
  // A visitor signs up first, the choice kept (lib/order-preset.ts); a customer goes straight to the order.
  const signedOut = useIsVisitor();
  return (
    <div className="space-y-4">
      <ServicesFilters
        key={`${view.q}|${view.platform}|${view.category}|${view.sort}`}
        view={view}
        categories={categories}
        onApply={setView}
      />
      <p className="text-xs text-slate-600">{FIGURES_EXPLAINED}</p>
      <p className="text-sm text-slate-600" aria-live="polite">
        {shown.length === 1 ? '1 service' : `${formatNumber(shown.length)} services`}
      </p>
      <DataTable
        caption="Services"
        rows={shown}
        getKey={(s) => s._id}
        pageSize={Number.MAX_SAFE_INTEGER}
        emptyText="No service matches this search."
        columns={[
          { header: 'ID', cell: (s) => <span className="font-mono font-semibold tabular-nums">{s.number ?? '—'}</span> },
          {
            header: 'Service',
            cell: (s) => (
              <span className="min-w-0 text-end wrap-anywhere sm:text-start">
                <span className="block font-medium text-slate-900">{s.name}</span>
                <span className="block text-xs text-slate-600">
                  {PLATFORM_LABELS[s.platform]} · {s.category}
                </span>
              </span>
            ),
          },
          {
            header: 'Rate per 1,000',
            // A customer's own price, and the list price beside it where theirs differs (issue 34). A visitor's row
            // (the prerendered page's) stays one span.
            cell: (s) =>
              s.listRatePer1000 === undefined ? (
                <span className="tabular-nums">{formatAmount(s.ratePer1000)}</span>
              ) : (
                <span className="flex flex-wrap items-baseline justify-end gap-x-2 sm:justify-start">
                  <span className="tabular-nums">{formatAmount(s.ratePer1000)}</span>
                  <ListPrice rupees={s.listRatePer1000} className="text-xs" />
                </span>
              ),
          },
          {
            header: 'Min / Max',
            cell: (s) => (
              <span className="tabular-nums">
                {formatNumber(s.min)} / {formatNumber(s.max)}
              </span>
            ),
          },
          { header: 'Refill', cell: refillWindowLabel },
          {
            header: 'Measured',
            cell: (s) => (
              <span className="min-w-0 text-end wrap-anywhere sm:text-start">
                <span className="block">{figuresSummary(s.figures)}</span>
                {s.badges && s.badges.length > 0 ? <span className="block text-xs text-brand-800">{s.badges.join(' · ')}</span> : null}
              </span>
            ),
          },
          { header: 'Cancel', cell: (s) => yesNo(s.cancel) },
          { header: 'Drip-feed', cell: (s) => yesNo(s.dripfeed) },
          {
            header: 'Order',
            cell: (s) => (
              <Link
                to={(signedOut ? paths.register : paths.order).getHref({ service: s._id })}
                className={buttonClass({ size: 'sm' })}
                aria-label={`Order ${s.number ? `service ${s.number}: ` : ''}${s.name}`}
              >
                Order
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
