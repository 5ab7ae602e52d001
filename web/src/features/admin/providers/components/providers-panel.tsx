// The Providers section: the panels we resell through API v2. Each provider with its balance (low balance
// flagged, how old it is, why the last scheduled check got none), its orders that need the admin (waiting,
// failed, unknown: each a link to the Orders section filtered by that state), enable/disable and Check;
// Sync now (forwarding and status sync at once, its numbers shown); a form to add one (answered only once
// its balance call succeeds); and its own services list, from which the admin imports chosen ones into the
// catalogue with a platform, a category and a markup (the rate each gets is shown before importing). A
// provider may list thousands of services: a search narrows the list, and a service already in our
// catalogue says so, so it is not imported twice by mistake.

import { formatNumber } from '@shared/numbers';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import { createProviderBody, importedRatePaisa, markupPercentSchema, type Provider, type ProviderServiceItem } from '@shared/providers';
import { categorySchema } from '@shared/schemas/catalogue';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { useAdminServices } from '@/features/admin/catalogue/api/get-admin-services';
import { useProviderServices } from '@/features/admin/providers/api/get-provider-services';
import { useProviders } from '@/features/admin/providers/api/get-providers';
import { useImportServices } from '@/features/admin/providers/api/import-services';
import { useCheckProvider, useCreateProvider, useUpdateProvider } from '@/features/admin/providers/api/save-provider';
import { type SyncAnswer, useSyncProviders } from '@/features/admin/providers/api/sync-providers';
import { ProviderServicesSync } from '@/features/admin/providers/components/provider-services-sync';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ListTable, wholeList } from '@/features/admin/shared/components/list-table';
import { useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';
import { ApiError } from '@/lib/api-error';
import { fieldErrors } from '@/lib/field-errors';
import { formatAmount, formatDateTime, formatMoney, formatRateToPkr, formatSavedAt } from '@/lib/format';

type Dialog = { kind: 'add' } | { kind: 'services'; provider: Provider };

/** The orders of a provider that need the admin, each linked to the Orders section filtered by its state. */
function OrderCounts({ provider }: { provider: Provider }) {
  const { waiting, failed, unknown } = provider.orders;
  const counts = [
    { n: waiting, label: 'waiting', state: 'queued' },
    { n: failed, label: 'failed', state: 'failed' },
    { n: unknown, label: 'unknown', state: 'unknown' },
  ].filter((c) => c.n > 0);
  if (counts.length === 0) return <span className="text-slate-500">None waiting</span>;
  return (
    <span className="flex flex-wrap justify-end gap-x-3 sm:justify-start">
      {counts.map((c) => (
        <Link
          key={c.state}
          to={paths.adminOrders.getHref({ fulfilment: c.state })}
          className={`font-medium hover:underline ${c.state === 'queued' ? 'text-amber-800' : 'text-red-700'}`}
        >
          {`${c.n} ${c.label}`}
        </Link>
      ))}
    </span>
  );
}

const syncSummary = (r: SyncAnswer) => `Sync done: ${r.sent} sent, ${r.checked} checked, ${r.changed} changed`;

export function ProvidersPanel() {
  const list = useProviders();
  const update = useUpdateProvider();
  const check = useCheckProvider();
  const sync = useSyncProviders();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const run = useToastedAction();

  const columns: Column<Provider>[] = [
    {
      header: 'Provider',
      cell: (p) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block font-medium">{p.name}</span>
          <span className="block break-all text-xs text-slate-600">
            {p.url} · key ending {p.keyHint.replace(/^…/, '')}
          </span>
        </span>
      ),
    },
    {
      header: 'Balance',
      cell: (p) => (
        <span className="tabular-nums">
          {p.balance === null ? '—' : formatMoney(p.balance, p.currency)}
          {p.lowBalance ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Low balance</span>
          ) : null}
          {p.balanceError ? <span className="block text-xs text-red-700">{`Last check failed: ${p.balanceError}`}</span> : null}
        </span>
      ),
    },
    {
      header: 'Checked',
      cell: (p) =>
        p.balanceCheckedAt ? (
          <span title={formatDateTime(p.balanceCheckedAt)}>{formatSavedAt(Date.parse(p.balanceCheckedAt))}</span>
        ) : (
          'Never'
        ),
    },
    { header: 'Orders', cell: (p) => <OrderCounts provider={p} /> },
    { header: 'Services sync', cell: (p) => <ProviderServicesSync provider={p} /> },
    { header: 'Rate to PKR', cell: (p) => <span className="tabular-nums">{formatRateToPkr(p.currency, p.rateToPkr)}</span> },
    {
      header: 'Status',
      cell: (p) => (
        <span className={p.active ? 'font-medium text-emerald-700' : 'font-medium text-slate-500'}>{p.active ? 'Active' : 'Disabled'}</span>
      ),
    },
    {
      header: 'Actions',
      cell: (p) => (
        <span className="flex flex-wrap justify-end gap-1.5 sm:justify-start">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Check ${p.name}`}
            loading={check.isPending && check.variables === p._id}
            onClick={() => void run(() => check.mutateAsync(p._id), `✅ ${p.name} checked`)}
          >
            Check
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${p.active ? 'Disable' : 'Enable'} ${p.name}`}
            onClick={() =>
              void run(
                () => update.mutateAsync({ id: p._id, body: { active: !p.active } }),
                `✅ ${p.name} ${p.active ? 'disabled' : 'enabled'}`,
              )
            }
          >
            {p.active ? 'Disable' : 'Enable'}
          </Button>
          <Button size="sm" aria-label={`Services of ${p.name}`} onClick={() => setDialog({ kind: 'services', provider: p })}>
            Services
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="providers-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="providers-heading" className="text-lg font-bold text-slate-900">
            Providers
          </h2>
          <p className="text-sm text-slate-600">
            Panels we resell through their API v2. Keys are kept on the server: only their end shows.
          </p>
        </div>
        <span className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={sync.isPending}
            onClick={() => void run(async () => sync.mutateAsync(), '✅ Providers synced')}
          >
            Sync now
          </Button>
          <Button size="sm" onClick={() => setDialog({ kind: 'add' })}>
            Add provider
          </Button>
        </span>
      </div>
      {sync.data ? (
        <p role="status" className="text-sm text-slate-700">
          {syncSummary(sync.data)}
        </p>
      ) : null}

      <ListTable
        list={list}
        caption="Providers"
        columns={columns}
        getKey={(p) => p._id}
        emptyText="No provider yet."
        errorText="Could not load the providers."
      />

      <Modal open={dialog?.kind === 'add'} onClose={() => setDialog(null)} size="lg" title="Add provider">
        {dialog?.kind === 'add' ? <ProviderForm onDone={() => setDialog(null)} /> : null}
      </Modal>
      <Modal
        open={dialog?.kind === 'services'}
        onClose={() => setDialog(null)}
        size="lg"
        title={dialog?.kind === 'services' ? `Services of ${dialog.provider.name}` : ''}
      >
        {dialog?.kind === 'services' ? <ImportServices provider={dialog.provider} onDone={() => setDialog(null)} /> : null}
      </Modal>
    </section>
  );
}

const FIELDS = ['name', 'url', 'key', 'currency', 'rateToPkr'] as const;
type Field = (typeof FIELDS)[number];

function ProviderForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const create = useCreateProvider();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', url: '', key: '', currency: 'USD', rateToPkr: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = createProviderBody.safeParse({ ...values, rateToPkr: values.rateToPkr === '' ? Number.NaN : Number(values.rateToPkr) });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const { provider } = await create.mutateAsync(parsed.data);
      toast.success(`✅ ${provider.name} added`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.field && FIELDS.includes(error.field as Field)) setErrors({ [error.field]: error.message });
      else setFailure(adminFailure(error));
    }
  };

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });

  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField label="Name" {...field('name')} />
      <TextField label="API URL" placeholder="https://provider.example/api/v2" {...field('url')} />
      <TextField label="API key" type="password" autoComplete="off" {...field('key')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Currency" maxLength={3} {...field('currency')} />
        <TextField label="Rate to PKR" inputMode="decimal" hint="Rupees for 1 unit of the provider’s currency" {...field('rateToPkr')} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Add provider
        </Button>
      </div>
    </form>
  );
}

/** How many of a provider's services the import list shows at once (the search narrows the rest). */
const SERVICES_SHOWN = 100;

function ImportServices({ provider, onDone }: { provider: Provider; onDone: () => void }) {
  const toast = useToast();
  const services = useProviderServices(provider._id);
  const importing = useImportServices();
  const idempotencyKey = useRef(crypto.randomUUID());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [platform, setPlatform] = useState<Platform>('tiktok');
  const [category, setCategory] = useState('');
  const [markup, setMarkup] = useState('20');
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // Our names of the chosen services (empty: the provider's), what customers see after platform and category.
  const [names, setNames] = useState<Record<string, string>>({});
  // Our services already linked to one of this provider's, by its id (the catalogue, if it loads).
  const catalogue = useAdminServices();
  const ours = new Map<string, string[]>();
  for (const service of catalogue.data?.services ?? []) {
    if (service.provider?.id !== provider._id) continue;
    ours.set(service.provider.serviceId, [...(ours.get(service.provider.serviceId) ?? []), service.name]);
  }
  const words = search.trim().toLowerCase();
  const all = services.data?.services ?? [];
  const matching = all.filter((s) => words === '' || `${s.service} ${s.name} ${s.category}`.toLowerCase().includes(words));

  const markupValue = markupPercentSchema.safeParse(markup === '' ? Number.NaN : Number(markup));
  const ourRate = (s: ProviderServiceItem) =>
    markupValue.success ? formatAmount(importedRatePaisa(s.rate, provider.rateToPkr, markupValue.data) / 100) : '—';

  const columns: Column<ProviderServiceItem>[] = [
    { header: 'ID', cell: (s) => <span className="tabular-nums">{s.service}</span> },
    {
      header: 'Service',
      cell: (s) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block font-medium">{s.name}</span>
          <span className="block text-xs text-slate-600">
            {[s.category, s.refill ? 'refill' : null, s.cancel ? 'cancel' : null].filter(Boolean).join(' · ')}
          </span>
          {ours.has(s.service) ? (
            <span className="block text-xs font-medium text-emerald-800">{`Already imported: ${ours.get(s.service)?.join(', ')}`}</span>
          ) : null}
        </span>
      ),
    },
    { header: 'Cost per 1K', cell: (s) => <span className="tabular-nums">{formatMoney(s.rate, provider.currency)}</span> },
    { header: 'Our rate per 1K', cell: (s) => <span className="tabular-nums">{ourRate(s)}</span> },
    {
      header: 'Quantity',
      cell: (s) => (
        <span className="tabular-nums">
          {formatNumber(s.min)}–{formatNumber(s.max)}
        </span>
      ),
    },
  ];

  const submit = async () => {
    setError(null);
    const chosenCategory = categorySchema.safeParse(category);
    if (selected.size === 0) return setError('Choose at least one service');
    if (!chosenCategory.success) return setError(chosenCategory.error.issues[0]?.message ?? 'Category is required');
    if (!markupValue.success) return setError(markupValue.error.issues[0]?.message ?? 'Check the markup');
    const items = [...selected].map((providerServiceId) => {
      const name = names[providerServiceId]?.trim() ?? '';
      return {
        providerServiceId,
        platform,
        category: chosenCategory.data,
        ...(name !== '' ? { name } : {}),
        markupPercent: markupValue.data,
      };
    });
    try {
      const answer = await importing.mutateAsync({ body: { providerId: provider._id, items }, idempotencyKey: idempotencyKey.current });
      toast.success(`✅ ${answer.services.length} ${answer.services.length === 1 ? 'service' : 'services'} imported`);
      onDone();
    } catch (failure) {
      setError(adminFailure(failure));
      // A refused import wrote nothing: a corrected one is a new request.
      idempotencyKey.current = crypto.randomUUID();
    }
  };

  return (
    <div className="space-y-4">
      {services.isSuccess && all.length > 0 ? (
        <TextField
          label="Search services"
          placeholder="ID, name or category"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          hint={`${formatNumber(matching.length)} of ${formatNumber(all.length)} services${selected.size > 0 ? ` · ${selected.size} selected` : ''}`}
        />
      ) : null}
      <ListTable
        list={wholeList(services, matching.slice(0, SERVICES_SHOWN))}
        caption="Provider services"
        columns={columns}
        getKey={(s) => s.service}
        emptyText={all.length === 0 ? 'The provider lists no service.' : 'No service matches the search.'}
        errorText={services.error ? adminFailure(services.error) : undefined}
        selection={{ selected, onChange: setSelected }}
      />
      {matching.length > SERVICES_SHOWN ? (
        <p className="text-sm text-slate-600">{`${formatNumber(matching.length - SERVICES_SHOWN)} more: narrow the search.`}</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Platform" value={platform} onChange={(e) => setPlatform(e.target.value as Platform)}>
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <TextField label="Category" value={category} onChange={(e) => setCategory(e.target.value)} />
        <TextField label="Markup (%)" inputMode="decimal" value={markup} onChange={(e) => setMarkup(e.target.value)} />
      </div>
      {selected.size > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Names your customers see</legend>
          <p className="text-sm text-slate-600">
            {`Shown as “${PLATFORM_LABELS[platform]} ${category.trim() || '<Category>'} <name>”. Leave a name empty to keep the provider’s.`}
          </p>
          {[...selected].map((id) => {
            const theirs = all.find((s) => s.service === id);
            return (
              <TextField
                key={id}
                label={`Name of ${id}`}
                placeholder={theirs?.name ?? ''}
                value={names[id] ?? ''}
                onChange={(e) => setNames((current) => ({ ...current, [id]: e.target.value }))}
              />
            );
          })}
        </fieldset>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Close
        </Button>
        <Button loading={importing.isPending} onClick={() => void submit()}>
          {`Import ${selected.size || ''} selected`.replace('  ', ' ')}
        </Button>
      </div>
    </div>
  );
}
