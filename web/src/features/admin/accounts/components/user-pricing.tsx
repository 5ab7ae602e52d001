// An account's pricing as the admin sets it (issue 34): lifetime credits and the tier in force, a tier set by hand,
// the customer's own percent off list prices, fixed rates per service, and where the margin floor holds a discount up.
// Each change is one PUT /api/admin/users/{uid}/pricing naming only what changes; null clears.
import { serviceLabel } from '@shared/catalogue';
import { PLATFORM_LABELS } from '@shared/platforms';
import { type AdminPricing, type PricedService, percentSchema, type UserPricingBody, userPricingBody } from '@shared/schemas/pricing';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Section } from '@/components/ui/section';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { useTiers } from '@/features/admin/accounts/api/get-tiers';
import { useUserPricing } from '@/features/admin/accounts/api/get-user-pricing';
import { useSetUserPricing } from '@/features/admin/accounts/api/set-user-pricing';
import { Fact } from '@/features/admin/accounts/components/fact';
import { type AdminServices, useAdminServices } from '@/features/admin/catalogue/api/get-admin-services';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { numberOf } from '@/features/admin/shared/hooks/use-settings-form';
import { ApiError } from '@/lib/api-error';
import { formatAmount } from '@/lib/format';

const percentText = (percent: number) => `${percent}%`;

/** A priced service's name; a service deleted since its rate was set is named by its id. */
const serviceName = (row: PricedService) => row.service || `Service ${row.serviceId} (no longer in the catalogue)`;

/** Shows a refusal of a form's own input under it and says so; any other refusal is toasted. */
type Refusal = (error: ApiError) => boolean;

/** A refusal naming `field` (the server's `field`, or one of its entries: `rates.svc-1`) with one of `codes`, shown by `show`. */
const refusalOf =
  (show: (message: string) => void, field: string, ...codes: string[]): Refusal =>
  (error) => {
    const ours =
      error.code !== undefined && codes.includes(error.code) && (error.field === field || error.field?.startsWith(`${field}.`) === true);
    if (ours) show(error.message);
    return ours;
  };

/**
 * One change of the account's pricing from one of the card's forms (each its own mutation, so only its button
 * spins): the server's message as a toast; a refusal as the form's `refused` shows it, else as a toast.
 */
function usePricingChange(uid: string) {
  const toast = useToast();
  const mutation = useSetUserPricing(uid);
  const change = async (body: UserPricingBody, refused?: Refusal): Promise<boolean> => {
    try {
      const answer = await mutation.mutateAsync(body);
      toast.success(`✅ ${answer.message}`);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && refused?.(error))) toast.error(adminFailure(error));
      return false;
    }
  };
  return { change, isPending: mutation.isPending };
}

export function UserPricing({ uid }: { uid: string }) {
  const query = useUserPricing(uid);
  return (
    <Section
      id="user-pricing-heading"
      title="Pricing"
      description="A fixed rate wins for its service; otherwise the customer’s own percent, otherwise their tier’s."
      className={cardClass('space-y-4')}
    >
      {query.isPending ? (
        <LoadingBlock className="min-h-32" />
      ) : query.isError ? (
        <FormAlert>Could not load this customer’s pricing.</FormAlert>
      ) : (
        <PricingBody uid={uid} pricing={query.data.pricing} />
      )}
    </Section>
  );
}

function PricingBody({ uid, pricing }: { uid: string; pricing: AdminPricing }) {
  return (
    <div className="space-y-6">
      <PricingFacts pricing={pricing} />
      <div className="grid gap-4 lg:grid-cols-2">
        {/* Keyed by what the server holds: a change saved (here or by another admin) starts the form from it. */}
        <TierForm key={`tier:${pricing.setTier ?? ''}`} uid={uid} pricing={pricing} />
        <PercentForm key={`percent:${pricing.percent ?? ''}`} uid={uid} percent={pricing.percent} />
      </div>
      <FixedRates uid={uid} rates={pricing.rates} />
      <ClampedServices clamped={pricing.clamped} />
    </div>
  );
}

function PricingFacts({ pricing }: { pricing: AdminPricing }) {
  const { credited, tier, earnedTier, setTier, percent, rates } = pricing;
  // The server names a tier set by hand only while it is in the table (else the earned one applies).
  const byHand = setTier !== null;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <Fact label="Lifetime credited">
        <span className="text-xl font-bold tabular-nums">{formatAmount(credited)}</span>
      </Fact>
      <Fact label="Tier in force">
        {tier ? `${tier.name} · ${percentText(tier.percent)} off` : 'None (list rates)'}
        <span className="block text-xs font-normal text-slate-600">
          {byHand ? `Set by hand${earnedTier ? ` (earned: ${earnedTier})` : ''}` : tier ? 'Earned by top-ups' : 'No tier reached'}
        </span>
      </Fact>
      <Fact label="Own percent">{percent === null ? 'None' : `${percentText(percent)} off list prices`}</Fact>
      <Fact label="Fixed rates">{rates.length === 0 ? 'None' : `${rates.length} ${rates.length === 1 ? 'service' : 'services'}`}</Fact>
    </dl>
  );
}

/** The select's value for "the earned tier applies". */
const EARNED = '';

function TierForm({ uid, pricing }: { uid: string; pricing: AdminPricing }) {
  const tiers = useTiers();
  const { change, isPending } = usePricingChange(uid);
  const [choice, setChoice] = useState(pricing.setTier ?? EARNED);
  const [error, setError] = useState<string>();
  const table = tiers.data?.tiers ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    // A tier another admin took out of the table since it loaded is refused under the select.
    await change({ tier: choice === EARNED ? null : choice }, refusalOf(setError, 'tier', 'invalid_input'));
  };

  return (
    <form className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField
        label="Tier"
        value={choice}
        disabled={tiers.isPending}
        error={error}
        hint={
          tiers.isError ? (
            'Could not load the tiers.'
          ) : table.length === 0 && !tiers.isPending ? (
            <>
              No tiers yet: add them in{' '}
              <Link to={paths.adminSettings.getHref()} className="font-medium text-brand-700 underline">
                Settings
              </Link>
              .
            </>
          ) : (
            'Set by hand, a tier stays until you choose Earned again; the audit log records it.'
          )
        }
        onChange={(e) => {
          setChoice(e.target.value);
          setError(undefined);
        }}
      >
        <option value={EARNED}>{`Earned (automatic)${pricing.earnedTier ? `: ${pricing.earnedTier}` : ''}`}</option>
        {table.map((t) => (
          <option key={t.name} value={t.name}>
            {`${t.name} · ${percentText(t.percent)} off · from ${formatAmount(t.threshold)}`}
          </option>
        ))}
      </SelectField>
      <Button type="submit" loading={isPending} disabled={choice === (pricing.setTier ?? EARNED)}>
        Set tier
      </Button>
    </form>
  );
}

function PercentForm({ uid, percent }: { uid: string; percent: number | null }) {
  const { change, isPending } = usePricingChange(uid);
  const [text, setText] = useState(percent === null ? '' : String(percent));
  const [error, setError] = useState<string>();
  const refused = refusalOf(setError, 'percent', 'invalid_input');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = percentSchema.safeParse(numberOf(text));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    await change({ percent: parsed.data }, refused);
  };
  const clear = async () => {
    setError(undefined);
    await change({ percent: null }, refused);
  };

  return (
    <form className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label="Own percent off list prices (%)"
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        value={text}
        error={error}
        hint="Wins over the tier; a fixed rate still wins for its service."
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isPending}>
          Save percent
        </Button>
        {percent === null ? null : (
          <Button variant="secondary" disabled={isPending} onClick={() => void clear()}>
            Clear percent
          </Button>
        )}
      </div>
    </form>
  );
}

/** A fixed rate typed in rupees per 1,000, checked as the server checks it: its message, or the rate. */
function parseRate(serviceId: string, text: string): { rate: number } | { error: string } {
  const rate = numberOf(text);
  const parsed = userPricingBody.safeParse({ rates: { [serviceId]: rate } });
  return parsed.success ? { rate } : { error: parsed.error.issues[0]?.message ?? 'Rate is not valid' };
}

function FixedRates({ uid, rates }: { uid: string; rates: PricedService[] }) {
  const { change, isPending } = usePricingChange(uid);
  const [editing, setEditing] = useState<PricedService | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (row: PricedService) => {
    setRemoving(row.serviceId);
    await change({ rates: { [row.serviceId]: null } });
    setRemoving(null);
  };

  return (
    <section aria-labelledby="user-rates-heading" className="space-y-3">
      <h3 id="user-rates-heading" className="text-base font-semibold text-slate-900">
        Fixed rates
      </h3>
      <DataTable<PricedService>
        caption="Fixed rates"
        rows={rates}
        pageSize={10}
        getKey={(row) => row.serviceId}
        emptyText="No fixed rates: every service is priced by the percent or the tier."
        columns={[
          { header: 'Service', cell: (row) => <span className="text-end wrap-anywhere sm:text-start">{serviceName(row)}</span> },
          { header: 'List rate', cell: (row) => <span className="tabular-nums">{formatAmount(row.listRatePer1000)}</span> },
          { header: 'Fixed rate', cell: (row) => <span className="tabular-nums">{formatAmount(row.plannedRatePer1000)}</span> },
          {
            header: 'Charged',
            cell: (row) => (
              <span className="text-end sm:text-start">
                <span className="block font-semibold tabular-nums">{formatAmount(row.ratePer1000)}</span>
                {row.clamped ? <span className="block text-xs text-amber-800">held at cost + margin floor</span> : null}
              </span>
            ),
          },
          {
            header: 'Actions',
            cell: (row) => (
              <span className="flex flex-wrap justify-end gap-2 sm:justify-start lg:flex-nowrap">
                <Button variant="secondary" aria-label={`Edit the rate of ${serviceName(row)}`} onClick={() => setEditing(row)}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Remove the rate of ${serviceName(row)}`}
                  loading={isPending && removing === row.serviceId}
                  disabled={isPending}
                  onClick={() => void remove(row)}
                >
                  Remove
                </Button>
              </span>
            ),
          },
        ]}
      />
      <AddRateForm uid={uid} rates={rates} />
      <Modal open={editing !== null} onClose={() => setEditing(null)} title="Edit fixed rate">
        {editing ? <EditRateForm uid={uid} row={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </section>
  );
}

function EditRateForm({ uid, row, onDone }: { uid: string; row: PricedService; onDone: () => void }) {
  const { change, isPending } = usePricingChange(uid);
  const [text, setText] = useState(String(row.plannedRatePer1000));
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRate(row.serviceId, text);
    if ('error' in parsed) return setError(parsed.error);
    setError(undefined);
    if (await change({ rates: { [row.serviceId]: parsed.rate } }, refusalOf(setError, 'rates', 'invalid_input', 'service_not_found')))
      onDone();
  };

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-sm wrap-anywhere text-slate-700">
        {serviceName(row)} · list rate {formatAmount(row.listRatePer1000)} per 1,000
      </p>
      <TextField
        label="Fixed rate (Rs per 1,000)"
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        data-autofocus
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <DialogActions onCancel={onDone} action={{ type: 'submit', loading: isPending, label: 'Save rate' }} />
    </form>
  );
}

function AddRateForm({ uid, rates }: { uid: string; rates: PricedService[] }) {
  const services = useAdminServices();
  const { change, isPending } = usePricingChange(uid);
  const [serviceId, setServiceId] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ service?: string; rate?: string }>({});
  const chosen = services.data?.services.find((s) => s._id === serviceId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!serviceId) return setErrors({ service: 'Choose a service' });
    const parsed = parseRate(serviceId, text);
    if ('error' in parsed) return setErrors({ rate: parsed.error });
    setErrors({});
    // A service deleted since the list loaded is refused under the service; a rate the server refuses, under the rate.
    const gone = refusalOf((service) => setErrors({ service }), 'rates', 'service_not_found');
    const refused: Refusal = (e) => gone(e) || refusalOf((rate) => setErrors({ rate }), 'rates', 'invalid_input')(e);
    if (await change({ rates: { [serviceId]: parsed.rate } }, refused)) {
      setServiceId('');
      setText('');
    }
  };

  return (
    <form className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200" onSubmit={(e) => void submit(e)} noValidate>
      <h4 className="text-sm font-semibold text-slate-900">Add a fixed rate</h4>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SelectField
          label="Service"
          value={serviceId}
          disabled={services.isPending}
          error={errors.service}
          hint={
            services.isError
              ? 'Could not load the services.'
              : chosen
                ? `List rate ${formatAmount(chosen.ratePer1000)} per 1,000`
                : undefined
          }
          onChange={(e) => {
            setServiceId(e.target.value);
            setErrors(({ rate }) => (rate ? { rate } : {}));
          }}
        >
          <option value="">{services.isPending ? 'Loading the services…' : 'Choose a service'}</option>
          <ServiceOptions services={services.data?.services ?? []} fixed={rates} />
        </SelectField>
        <TextField
          label="Rate (Rs per 1,000)"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          value={text}
          error={errors.rate}
          onChange={(e) => {
            setText(e.target.value);
            setErrors(({ service }) => (service ? { service } : {}));
          }}
        />
      </div>
      <Button type="submit" loading={isPending}>
        Add rate
      </Button>
    </form>
  );
}

/** The catalogue by platform, each service as orders name it; those with a rate already are edited in the table instead. */
function ServiceOptions({ services, fixed }: { services: AdminServices['services']; fixed: PricedService[] }) {
  const taken = new Set(fixed.map((r) => r.serviceId));
  const platforms = [...new Set(services.map((s) => s.platform))];
  return platforms.map((platform) => (
    <optgroup key={platform} label={PLATFORM_LABELS[platform]}>
      {services
        .filter((s) => s.platform === platform && !taken.has(s._id))
        .map((s) => (
          <option key={s._id} value={s._id}>
            {`${s.number === undefined ? '' : `#${s.number} `}${serviceLabel(PLATFORM_LABELS[platform], s.category, s.name)}${s.active ? '' : ' (off sale)'}`}
          </option>
        ))}
    </optgroup>
  ));
}

function ClampedServices({ clamped }: { clamped: PricedService[] }) {
  if (clamped.length === 0) return null;
  return (
    <section aria-labelledby="user-clamped-heading" className="space-y-2 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
      <h3 id="user-clamped-heading" className="text-sm font-semibold text-amber-900">
        The margin floor holds these prices up:
      </h3>
      <ul className="space-y-1 text-sm text-amber-900">
        {clamped.map((row) => (
          <li key={row.serviceId} className="wrap-anywhere">
            {`${serviceName(row)}: ${formatAmount(row.ratePer1000)} charged instead of ${formatAmount(row.plannedRatePer1000)} (list ${formatAmount(row.listRatePer1000)})`}
          </li>
        ))}
      </ul>
      <p className="text-xs text-amber-800">
        A discount never takes a provider’s service below its cost plus the margin threshold (Settings → Providers).
      </p>
    </section>
  );
}
