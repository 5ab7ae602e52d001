// The Settings section's "Providers" form: the admin's forwarding settings (GET/PUT
// /api/admin/settings/forwarding): the margin under which a linked service raises an alert, whether such
// a service also leaves sale, and the automatic refund of failed orders after some hours, or never.
import { type ForwardingSettings, forwardingSettingsSchema } from '@shared/providers';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { useForwardingSettings, useUpdateForwardingSettings } from '@/features/admin/api/forwarding-settings';
import { adminFailure } from '@/features/admin/components/admin-messages';
import { ApiError } from '@/lib/api-error';

interface Values {
  marginThresholdPercent: string;
  disableBelowMargin: boolean;
  refund: 'never' | 'after';
  failedRefundHours: string;
}
type Field = 'marginThresholdPercent' | 'failedRefundHours';

const valuesOf = (s: ForwardingSettings): Values => ({
  marginThresholdPercent: String(s.marginThresholdPercent),
  disableBelowMargin: s.disableBelowMargin,
  refund: s.failedRefundHours === null ? 'never' : 'after',
  failedRefundHours: s.failedRefundHours === null ? '24' : String(s.failedRefundHours),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function Form({ settings }: { settings: ForwardingSettings }) {
  const toast = useToast();
  const update = useUpdateForwardingSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = forwardingSettingsSchema.safeParse({
      marginThresholdPercent: numberOf(values.marginThresholdPercent),
      disableBelowMargin: values.disableBelowMargin,
      failedRefundHours: values.refund === 'never' ? null : numberOf(values.failedRefundHours),
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
      if (error instanceof ApiError && (error.field === 'marginThresholdPercent' || error.field === 'failedRefundHours'))
        setErrors({ [error.field]: error.message });
      else setFailure(adminFailure(error));
    }
  };

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label="Margin threshold (%)"
        inputMode="decimal"
        hint="A provider’s service whose margin over its cost falls under this raises an alert"
        value={values.marginThresholdPercent}
        error={errors.marginThresholdPercent}
        onChange={(e) => set({ marginThresholdPercent: e.target.value })}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={values.disableBelowMargin}
          onChange={(e) => set({ disableBelowMargin: e.target.checked })}
        />
        Take services under the margin off sale
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Automatic refund of failed orders"
          value={values.refund}
          onChange={(e) => set({ refund: e.target.value as Values['refund'] })}
        >
          <option value="never">Never (the admin decides)</option>
          <option value="after">After some hours in Failed</option>
        </SelectField>
        {values.refund === 'after' ? (
          <TextField
            label="Hours in Failed"
            inputMode="numeric"
            value={values.failedRefundHours}
            error={errors.failedRefundHours}
            onChange={(e) => set({ failedRefundHours: e.target.value })}
          />
        ) : null}
      </div>
      <Button type="submit" loading={update.isPending}>
        Save provider settings
      </Button>
    </form>
  );
}

export function ForwardingSettingsForm() {
  const settings = useForwardingSettings();
  return (
    <section aria-labelledby="forwarding-settings-heading" className="space-y-4">
      <div>
        <h2 id="forwarding-settings-heading" className="text-lg font-bold text-slate-900">
          Providers
        </h2>
        <p className="text-sm text-slate-600">Margins of the services you resell, and what happens to orders a provider refused.</p>
      </div>
      {settings.isPending ? (
        <LoadingBlock className="min-h-32" />
      ) : settings.isError ? (
        <FormAlert>Could not load the provider settings.</FormAlert>
      ) : (
        <Form settings={settings.data.settings} />
      )}
    </section>
  );
}
