// Settings → Automatic credits (issue 28): whether a wallet payment matched with its request is credited
// with nobody pressing Approve, and the limits above which it waits for the admin (GET/PUT
// /api/admin/settings/autopilot).
import { type AutopilotSettings, autopilotSettingsSchema } from '@shared/wallet-autopilot';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { useAutopilotSettings, useUpdateAutopilotSettings } from '@/features/admin/api/autopilot-settings';
import { adminFailure } from '@/features/admin/components/admin-messages';
import { ApiError } from '@/lib/api-error';

interface Values {
  enabled: boolean;
  maxAmount: string;
  firstTopUpMax: string;
  dailyCount: string;
}
const FIELDS = ['maxAmount', 'firstTopUpMax', 'dailyCount'] as const;
type Field = (typeof FIELDS)[number];

const valuesOf = (s: AutopilotSettings): Values => ({
  enabled: s.enabled,
  maxAmount: String(s.maxAmount),
  firstTopUpMax: String(s.firstTopUpMax),
  dailyCount: String(s.dailyCount),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function Form({ settings }: { settings: AutopilotSettings }) {
  const toast = useToast();
  const update = useUpdateAutopilotSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = autopilotSettingsSchema.safeParse({
      enabled: values.enabled,
      maxAmount: numberOf(values.maxAmount),
      firstTopUpMax: numberOf(values.firstTopUpMax),
      dailyCount: numberOf(values.dailyCount),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await update.mutateAsync(parsed.data);
      setValues(valuesOf(answer.settings));
      toast.success(`✅ ${answer.message}`);
    } catch (error) {
      const field = error instanceof ApiError && error.code === 'invalid_input' ? FIELDS.find((f) => f === error.field) : undefined;
      if (field && error instanceof ApiError) setErrors({ [field]: error.message });
      else setFailure(adminFailure(error));
    }
  };

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 sm:min-h-0">
        <input
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={values.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        Credit matched payments automatically
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Largest automatic credit (Rs)"
          inputMode="decimal"
          value={values.maxAmount}
          error={errors.maxAmount}
          onChange={(e) => set({ maxAmount: e.target.value })}
        />
        <TextField
          label="Largest first top-up credited automatically (Rs)"
          inputMode="decimal"
          value={values.firstTopUpMax}
          error={errors.firstTopUpMax}
          onChange={(e) => set({ firstTopUpMax: e.target.value })}
        />
        <TextField
          label="Automatic credits per customer per day"
          inputMode="numeric"
          value={values.dailyCount}
          error={errors.dailyCount}
          onChange={(e) => set({ dailyCount: e.target.value })}
        />
      </div>
      <p className="text-sm text-slate-600">Anything else waits for you under Top-ups, with the reason.</p>
      <Button type="submit" loading={update.isPending}>
        Save automatic credits
      </Button>
    </form>
  );
}

export function AutopilotSettingsForm() {
  const settings = useAutopilotSettings();
  return (
    <section aria-labelledby="autopilot-settings-heading" className="space-y-4">
      <div>
        <h2 id="autopilot-settings-heading" className="text-lg font-bold text-slate-900">
          Automatic credits
        </h2>
        <p className="text-sm text-slate-600">A wallet payment whose SMS matches its request is credited within these limits.</p>
      </div>
      {settings.isPending ? (
        <LoadingBlock className="min-h-32" />
      ) : settings.isError ? (
        <FormAlert>Could not load the automatic credit settings.</FormAlert>
      ) : (
        <Form settings={settings.data.settings} />
      )}
    </section>
  );
}
