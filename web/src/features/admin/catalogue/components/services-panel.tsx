// The Services section: the catalogue the admin runs. Every service (inactive too) with filters, a
// form to create or edit one, enable/disable, delete (refused while orders use it: disable instead),
// each platform's categories (order, rename) and bulk price changes with a preview. A service linked to
// a provider says which one, at what cost in rupees and with what margin, so the admin sees what it earns.

import type { Service } from '@shared/answers';
import { toPaisa } from '@shared/money';
import { formatNumber } from '@shared/numbers';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import { costPaisaCeil, marginPercent } from '@shared/providers';
import { type AdminService, SYNC_OFF_REASONS } from '@shared/schemas/catalogue';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ChoiceField } from '@/components/ui/filter-fields';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts';
import { useDeleteService } from '@/features/admin/catalogue/api/delete-service';
import { type AdminServicesFilter, useAdminServices } from '@/features/admin/catalogue/api/get-admin-services';
import { useUpdateService } from '@/features/admin/catalogue/api/save-service';
import { BulkPriceForm } from '@/features/admin/catalogue/components/bulk-price-form';
import { CategoriesEditor } from '@/features/admin/catalogue/components/categories-editor';
import { ServiceForm } from '@/features/admin/catalogue/components/service-form';
import { useProviders } from '@/features/admin/providers/api/get-providers';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ListTable, wholeList } from '@/features/admin/shared/components/list-table';
import { useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';
import { ApiError } from '@/lib/api-error';
import { formatAmount } from '@/lib/format';

export const IN_USE_EXPLAINED =
  'Orders use this service, so it cannot be deleted. Disable it instead: customers no longer see it, and its orders go on.';

const EMPTY_ORDER: Record<Platform, string[]> = { tiktok: [], instagram: [], facebook: [] };

type Dialog =
  | { kind: 'form'; service: Service | null }
  | { kind: 'delete'; service: Service; inUse: boolean }
  | { kind: 'categories' }
  | { kind: 'bulk' };

/** The services whose name contains `search` (any case) or whose number is it: the catalogue is one answer, searched here. */
export function matching<T extends Service>(services: readonly T[], search: string): readonly T[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return services;
  return services.filter((s) => s.name.toLowerCase().includes(wanted) || String(s.number) === wanted);
}

export function ServicesPanel() {
  const toast = useToast();
  const toasted = useToastedAction();
  const [filter, setFilter] = useState<AdminServicesFilter>({});
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [search, setSearch] = useState('');
  const list = useAdminServices(filter);
  // The whole catalogue's categories, for the filter and the editors whatever the filter shows.
  const everything = useAdminServices({});
  const categories = everything.data?.categories ?? list.data?.categories ?? EMPTY_ORDER;
  const update = useUpdateService();
  const remove = useDeleteService();
  const providers = new Map(useProviders().items.map((p) => [p._id, p]));

  /** "Demo provider #101 · cost Rs 266.00 · margin 30%" (cost and margin once the provider's rate is known). */
  const linkLine = (link: NonNullable<AdminService['provider']>, ratePer1000: number) => {
    const provider = providers.get(link.id);
    if (!provider) return `Provider service #${link.serviceId}`;
    const margin = marginPercent(toPaisa(ratePer1000), link.cost, provider.rateToPkr);
    return [
      `${provider.name} #${link.serviceId}`,
      `cost ${formatAmount(costPaisaCeil(link.cost, provider.rateToPkr) / 100)}`,
      ...(margin === null ? [] : [`margin ${margin}%`]),
    ].join(' · ');
  };

  const setActive = (service: Service, active: boolean) =>
    toasted(() => update.mutateAsync({ id: service._id, body: { active } }), `✅ ${service.name} ${active ? 'enabled' : 'disabled'}`);

  const confirmDelete = async (service: Service) => {
    try {
      await remove.mutateAsync(service._id);
      setDialog(null);
      toast.success(`✅ ${service.name} deleted`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'service_in_use') setDialog({ kind: 'delete', service, inUse: true });
      else toast.error(adminFailure(error));
    }
  };

  const columns: Column<AdminService>[] = [
    { header: '#', cell: (s) => <span className="tabular-nums">{s.number}</span> },
    {
      header: 'Service',
      cell: (s) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block font-medium">{s.name}</span>
          <span className="block text-xs text-slate-600">
            {PLATFORM_LABELS[s.platform]} · {s.category}
          </span>
          {s.provider ? <span className="block text-xs text-slate-600">{linkLine(s.provider, s.ratePer1000)}</span> : null}
        </span>
      ),
    },
    {
      header: 'Rate per 1K',
      cell: (s) => (
        <span className="tabular-nums">
          {formatAmount(s.ratePer1000)}
          {s.marginAlert ? <MarginAlertBadge alert={s.marginAlert} /> : null}
        </span>
      ),
    },
    {
      header: 'Quantity',
      cell: (s) => (
        <span className="tabular-nums">
          {formatNumber(s.min)}–{formatNumber(s.max)}
        </span>
      ),
    },
    {
      header: 'Status',
      cell: (s) => (
        <span className={s.active ? 'font-medium text-emerald-700' : 'font-medium text-slate-500'}>
          {s.active ? 'Active' : 'Disabled'}
          {s.offBySync ? (
            <span className="block text-xs font-normal text-amber-800">{`Out of sale: ${SYNC_OFF_REASONS[s.offBySync.reason]}`}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: 'Actions',
      cell: (s) => (
        <span className="flex flex-wrap justify-end gap-1.5 sm:justify-start">
          <Button size="sm" variant="secondary" aria-label={`Edit ${s.name}`} onClick={() => setDialog({ kind: 'form', service: s })}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${s.active ? 'Disable' : 'Enable'} ${s.name}`}
            onClick={() => void setActive(s, !s.active)}
          >
            {s.active ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${s.name}`}
            onClick={() => setDialog({ kind: 'delete', service: s, inUse: false })}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];

  const platformCategories = filter.platform ? categories[filter.platform] : [...new Set(PLATFORMS.flatMap((p) => categories[p]))];

  return (
    <section aria-labelledby="services-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="services-heading" className="text-lg font-bold text-slate-900">
            Services
          </h2>
          <p className="text-sm text-slate-600">What customers can order, at which price. Changes show to customers at once.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'categories' })}>
            Categories
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'bulk' })}>
            Change prices
          </Button>
          <Button size="sm" onClick={() => setDialog({ kind: 'form', service: null })}>
            New service
          </Button>
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-4">
        <TextField label="Search" type="search" placeholder="Name or number" value={search} onChange={(e) => setSearch(e.target.value)} />
        <ChoiceField
          label="Platform"
          all="All platforms"
          options={PLATFORMS}
          labelOf={(p) => PLATFORM_LABELS[p]}
          value={filter.platform}
          onChange={(platform) => setFilter({ ...filter, platform, category: undefined })}
        />
        <ChoiceField
          label="Category"
          all="All categories"
          options={platformCategories}
          value={filter.category}
          onChange={(category) => setFilter({ ...filter, category })}
        />
        <SelectField
          label="Status"
          value={filter.active ?? ''}
          onChange={(e) => setFilter({ ...filter, active: (e.target.value || undefined) as AdminServicesFilter['active'] })}
        >
          <option value="">Active and disabled</option>
          <option value="true">Active</option>
          <option value="false">Disabled</option>
        </SelectField>
      </div>

      <ListTable
        list={wholeList(list, matching(list.data?.services ?? [], search))}
        caption="Services"
        columns={columns}
        emptyText="No services match."
        errorText="Could not load the services."
      />

      <Modal
        open={dialog?.kind === 'form'}
        onClose={() => setDialog(null)}
        size="lg"
        title={dialog?.kind === 'form' && dialog.service ? `Edit ${dialog.service.name}` : 'New service'}
      >
        {dialog?.kind === 'form' ? <ServiceForm service={dialog.service} categories={categories} onDone={() => setDialog(null)} /> : null}
      </Modal>

      <Modal
        open={dialog?.kind === 'delete'}
        onClose={() => setDialog(null)}
        title={dialog?.kind === 'delete' ? `Delete ${dialog.service.name}?` : ''}
      >
        {dialog?.kind === 'delete' ? (
          dialog.inUse ? (
            <div className="space-y-4">
              <FormAlert>{IN_USE_EXPLAINED}</FormAlert>
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => setDialog(null)}>
                  Close
                </Button>
                {dialog.service.active ? (
                  <Button loading={update.isPending} onClick={() => void setActive(dialog.service, false).then(() => setDialog(null))}>
                    Disable instead
                  </Button>
                ) : null}
              </div>
            </div>
          ) : (
            <div className="space-y-4">
              <p className="text-sm text-slate-700">
                #{dialog.service.number} {dialog.service.name} goes for good, and its number is never used again. A service that has orders
                cannot be deleted: disable it instead.
              </p>
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => setDialog(null)}>
                  Cancel
                </Button>
                <Button variant="danger" loading={remove.isPending} onClick={() => void confirmDelete(dialog.service)}>
                  Delete
                </Button>
              </div>
            </div>
          )
        ) : null}
      </Modal>

      <Modal open={dialog?.kind === 'categories'} onClose={() => setDialog(null)} size="lg" title="Categories">
        <div className="space-y-6">
          {PLATFORMS.map((p) => (
            <CategoriesEditor key={p} platform={p} categories={categories[p]} />
          ))}
        </div>
      </Modal>

      <Modal open={dialog?.kind === 'bulk'} onClose={() => setDialog(null)} size="lg" title="Change prices">
        {dialog?.kind === 'bulk' ? <BulkPriceForm categories={categories} onDone={() => setDialog(null)} /> : null}
      </Modal>
    </section>
  );
}

/** A linked service whose margin over its provider's cost is under the admin's threshold (set by the services sync). */
function MarginAlertBadge({ alert }: { alert: NonNullable<AdminService['marginAlert']> }) {
  const margin = alert.marginPercent === null ? '' : ` ${formatNumber(alert.marginPercent)}%`;
  return (
    <span
      className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800"
      title={`Our rate ${formatAmount(alert.ourRate)} against a cost of ${alert.cost} per 1K in the provider’s currency`}
    >
      {alert.marginPercent !== null && alert.marginPercent < 0 ? `Below cost:${margin}` : `Low margin:${margin}`}
    </span>
  );
}
