// The public settings: the wallet accounts customers pay top-ups into, and the support chat link.
import { MESSAGES } from '@shared/messages';
import { duplicateProviderIndexes, type Settings, settingsBody } from '@shared/schemas/top-ups';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useUpdateSettings } from '@/features/admin/accounts/api/update-settings';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { SettingsSection } from '@/features/admin/shared/components/settings-section';
import { useForm } from '@/lib/form';
import { useSettings } from '@/lib/settings';

type Values = z.input<typeof settingsBody>;

// The server refuses two wallets of one provider (recharge requests name their wallet by provider);
// saying so on the field saves a round trip.
const formSchema = settingsBody.check(
  z.superRefine((values, ctx) => {
    for (const index of duplicateProviderIndexes(values.wallets)) {
      ctx.addIssue({ code: 'custom', path: ['wallets', index, 'provider'], message: MESSAGES.duplicateWallet });
    }
  }),
);

function valuesOf(settings: Settings): Values {
  return {
    wallets: settings.wallets.map(({ provider, accountNumber, accountName }) => ({ provider, accountNumber, accountName })),
    supportChat: settings.supportChat,
  };
}

function Form({ settings }: { settings: Settings }) {
  const toast = useToast();
  const update = useUpdateSettings();
  const {
    register,
    field,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isDirty },
  } = useForm<Values>({ schema: formSchema, defaultValues: valuesOf(settings) });
  // The wallets are a fixed list here (none added or removed): a reset re-renders the form with its new ones.
  const wallets = getValues('wallets');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(values);
      reset(valuesOf(answer.settings));
      toast.success(`✅ ${answer.message}`);
    } catch (error) {
      toast.error(adminFailure(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {wallets.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a wallet is its place in the list
          <fieldset key={index} className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200">
            <legend className="px-1 text-sm font-semibold text-slate-900">Wallet {index + 1}</legend>
            <TextField
              label="Provider"
              autoComplete="off"
              error={errors.wallets?.[index]?.provider?.message}
              {...register(`wallets.${index}.provider`)}
            />
            <TextField
              label="Account number"
              autoComplete="off"
              error={errors.wallets?.[index]?.accountNumber?.message}
              {...register(`wallets.${index}.accountNumber`)}
            />
            <TextField
              label="Account name"
              autoComplete="off"
              error={errors.wallets?.[index]?.accountName?.message}
              {...register(`wallets.${index}.accountName`)}
            />
          </fieldset>
        ))}
      </div>
      <TextField
        label="Support chat link"
        type="url"
        inputMode="url"
        autoComplete="off"
        hint="The chat customers reach from the dashboard and the recharge window, e.g. https://wa.me/923001234567"
        {...field('supportChat')}
      />
      <Button type="submit" loading={update.isPending} disabled={!isDirty}>
        Save settings
      </Button>
    </form>
  );
}

export function SettingsForm() {
  return (
    <SettingsSection
      id="settings-heading"
      title="Payment Accounts & Support"
      description="What customers see when they recharge or ask for help."
      settings={useSettings()}
      loadError="Could not load the settings."
    >
      {(settings) => <Form settings={settings} />}
    </SettingsSection>
  );
}
