// Settings → Referral programme (issue 34): whether customers earn a commission on the top-ups of the accounts they
// brought, at what percent (top-ups credited from now on), and what the programme has come to (GET/PUT
// /api/admin/referrals).
import { formatNumber } from '@shared/numbers';
import { type AdminReferrals, REFERRAL_LIMITS, type ReferralSettings, referralSettingsSchema } from '@shared/schemas/referrals';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useReferralProgramme } from '@/features/admin/referrals/api/get-referral-programme';
import { useSaveReferralProgramme } from '@/features/admin/referrals/api/save-referral-programme';
import { SettingsSection } from '@/features/admin/shared/components/settings-section';
import { numberOf, useSettingsForm } from '@/features/admin/shared/hooks/use-settings-form';
import { formatAmount, formatPakistanDateTime } from '@/lib/format';

interface Values {
  enabled: boolean;
  percent: string;
}

const valuesOf = (s: ReferralSettings): Values => ({ enabled: s.enabled, percent: String(s.percent) });

function Form({ settings }: { settings: ReferralSettings }) {
  const { values, set, field, failure, submit, saving } = useSettingsForm({
    settings,
    valuesOf,
    parse: (v: Values) => referralSettingsSchema.safeParse({ enabled: v.enabled, percent: numberOf(v.percent) }),
    save: useSaveReferralProgramme(),
    fieldOf: (error) => (error.code === 'invalid_input' && error.field === 'percent' ? 'percent' : undefined),
  });

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 sm:min-h-6">
        <input
          type="checkbox"
          role="switch"
          aria-checked={values.enabled}
          className="size-5 accent-brand-600"
          checked={values.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        Pay referral commissions
      </label>
      <div className="max-w-xs">
        <TextField
          label="Commission (%)"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          hint={`Of each credited top-up, up to ${REFERRAL_LIMITS.maxPercent}%. Only top-ups credited from now on.`}
          {...field('percent')}
        />
      </div>
      <Button type="submit" loading={saving}>
        Save referral programme
      </Button>
    </form>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-bold wrap-anywhere text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function Totals({ programme }: { programme: AdminReferrals }) {
  const { totals } = programme;
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Accounts referred" value={formatNumber(totals.referred)} />
        <Figure label="Earned" value={formatAmount(totals.earned)} />
        <Figure label="Moved to balances" value={formatAmount(totals.transferred)} />
        <Figure label="Held now" value={formatAmount(totals.balance)} />
      </dl>
      <p className="text-sm text-slate-600">
        Figures up to {formatPakistanDateTime(programme.asOf)}. Earned is less the commissions of reversed top-ups.
      </p>
    </div>
  );
}

export function ReferralProgrammeForm() {
  return (
    <SettingsSection
      id="referral-programme-heading"
      title="Referral programme"
      description={`Customers earn a percent of every top-up credited to the accounts that signed up through their link, into a referral balance they move to their main balance (at least ${formatAmount(REFERRAL_LIMITS.minTransfer)} at a time).`}
      settings={useReferralProgramme()}
      loadError="Could not load the referral programme."
    >
      {(data) => (
        <div className="space-y-6">
          <Form settings={data.settings} />
          <Totals programme={data} />
        </div>
      )}
    </SettingsSection>
  );
}
