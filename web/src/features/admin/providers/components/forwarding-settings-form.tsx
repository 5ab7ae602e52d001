// The Settings section's "Providers" form: the admin's forwarding settings (GET/PUT
// /api/admin/settings/forwarding): the margin under which a linked service raises an alert, whether such
// a service also leaves sale, and the automatic refund of failed orders after some hours, or never.
import { type ForwardingSettings, forwardingSettingsSchema } from '@shared/providers';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { useForwardingSettings, useUpdateForwardingSettings } from '@/features/admin/providers/api/forwarding-settings';
import { SettingsSection } from '@/features/admin/shared/components/settings-section';
import { numberOf, useSettingsForm } from '@/features/admin/shared/hooks/use-settings-form';

interface Values {
  marginThresholdPercent: string;
  disableBelowMargin: boolean;
  refund: 'never' | 'after';
  failedRefundHours: string;
}

const valuesOf = (s: ForwardingSettings): Values => ({
  marginThresholdPercent: String(s.marginThresholdPercent),
  disableBelowMargin: s.disableBelowMargin,
  refund: s.failedRefundHours === null ? 'never' : 'after',
  failedRefundHours: s.failedRefundHours === null ? '24' : String(s.failedRefundHours),
});

function Form({ settings }: { settings: ForwardingSettings }) {
  const { values, set, field, failure, submit, saving } = useSettingsForm({
    settings,
    valuesOf,
    parse: (v: Values) =>
      forwardingSettingsSchema.safeParse({
        marginThresholdPercent: numberOf(v.marginThresholdPercent),
        disableBelowMargin: v.disableBelowMargin,
        failedRefundHours: v.refund === 'never' ? null : numberOf(v.failedRefundHours),
      }),
    save: useUpdateForwardingSettings(),
    fieldOf: (error) => (error.field === 'marginThresholdPercent' || error.field === 'failedRefundHours' ? error.field : undefined),
  });

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label="Margin threshold (%)"
        inputMode="decimal"
        hint="A provider’s service whose margin over its cost falls under this raises an alert"
        {...field('marginThresholdPercent')}
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
        {values.refund === 'after' ? <TextField label="Hours in Failed" inputMode="numeric" {...field('failedRefundHours')} /> : null}
      </div>
      <Button type="submit" loading={saving}>
        Save provider settings
      </Button>
    </form>
  );
}

export function ForwardingSettingsForm() {
  return (
    <SettingsSection
      id="forwarding-settings-heading"
      title="Providers"
      description="Margins of the services you resell, and what happens to orders a provider refused."
      settings={useForwardingSettings()}
      loadError="Could not load the provider settings."
    >
      {(data) => <Form settings={data.settings} />}
    </SettingsSection>
  );
}
