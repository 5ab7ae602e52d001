// Settings → Automatic credits (docs/decisions/0015-top-up-autopilot.md): whether a wallet payment matched with its request is credited
// with nobody pressing Approve, and the limits above which it waits for the admin (GET/PUT
// /api/admin/settings/autopilot).
import { type AutopilotSettings, autopilotSettingsSchema } from '@shared/wallet-autopilot';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SettingsSection } from '@/features/admin/shared/components/settings-section';
import { numberOf, useSettingsForm } from '@/features/admin/shared/hooks/use-settings-form';
import { useAutopilotSettings, useUpdateAutopilotSettings } from '@/features/admin/top-ups/api/autopilot-settings';

interface Values {
  enabled: boolean;
  maxAmount: string;
  firstTopUpMax: string;
  dailyCount: string;
}
const FIELDS = ['maxAmount', 'firstTopUpMax', 'dailyCount'] as const;

const valuesOf = (s: AutopilotSettings): Values => ({
  enabled: s.enabled,
  maxAmount: String(s.maxAmount),
  firstTopUpMax: String(s.firstTopUpMax),
  dailyCount: String(s.dailyCount),
});

function Form({ settings }: { settings: AutopilotSettings }) {
  const { values, set, field, failure, submit, saving } = useSettingsForm({
    settings,
    valuesOf,
    parse: (v: Values) =>
      autopilotSettingsSchema.safeParse({
        enabled: v.enabled,
        maxAmount: numberOf(v.maxAmount),
        firstTopUpMax: numberOf(v.firstTopUpMax),
        dailyCount: numberOf(v.dailyCount),
      }),
    save: useUpdateAutopilotSettings(),
    fieldOf: (error) => (error.code === 'invalid_input' ? FIELDS.find((f) => f === error.field) : undefined),
  });

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 sm:min-h-6">
        <input
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={values.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        Credit matched payments automatically
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Largest automatic credit (Rs)" inputMode="decimal" {...field('maxAmount')} />
        <TextField label="Largest first top-up credited automatically (Rs)" inputMode="decimal" {...field('firstTopUpMax')} />
        <TextField label="Automatic credits per customer per day" inputMode="numeric" {...field('dailyCount')} />
      </div>
      <p className="text-sm text-slate-600">Anything else waits for you under Top-ups, with the reason.</p>
      <Button type="submit" loading={saving}>
        Save automatic credits
      </Button>
    </form>
  );
}

export function AutopilotSettingsForm() {
  return (
    <SettingsSection
      id="autopilot-settings-heading"
      title="Automatic credits"
      description="A wallet payment whose SMS matches its request is credited within these limits."
      settings={useAutopilotSettings()}
      loadError="Could not load the automatic credit settings."
    >
      {(data) => <Form settings={data.settings} />}
    </SettingsSection>
  );
}
