// Pairs a wallet phone: its name, the wallet whose SIM it holds (one of the public settings' wallets) and
// the sender ids its wallet's SMS come from, typed comma separated. The answer's signing key goes to the
// caller, in component state only.
import { walletDeviceBody } from '@shared/wallet-autopilot';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { type PairedDevice, usePairWalletDevice } from '@/features/admin/top-ups/api/pair-wallet-device';
import { ApiError } from '@/lib/api-error';
import { useForm } from '@/lib/form';
import { useSettings } from '@/lib/settings';

interface Values {
  name: string;
  wallet: string;
  senders: string;
}

/** "3737, Easypaisa" → ["3737", "Easypaisa"]. */
export const sendersOf = (text: string) =>
  text
    .split(',')
    .map((sender) => sender.trim())
    .filter((sender) => sender !== '');

// The shared body, with the senders typed as one line: its issues are the field's.
const formSchema = z.object({
  name: walletDeviceBody.shape.name,
  wallet: walletDeviceBody.shape.wallet,
  senders: z.pipe(
    z.string(),
    z.transform((text, ctx) => {
      const parsed = walletDeviceBody.shape.senders.safeParse(sendersOf(text));
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, input: text });
      return z.NEVER;
    }),
  ),
});

const FIELDS = ['name', 'wallet', 'senders'] as const;
const EMPTY: Values = { name: '', wallet: '', senders: '' };

export function PairPhoneForm({ onPaired }: { onPaired: (paired: PairedDevice) => void }) {
  const toast = useToast();
  const settings = useSettings();
  const { pair, isPending } = usePairWalletDevice();
  const {
    register,
    field,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, z.output<typeof formSchema>>({ schema: formSchema, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const paired = await pair(body);
      reset(EMPTY);
      onPaired(paired);
    } catch (error) {
      // "senders.2" is the senders field's.
      const field =
        error instanceof ApiError && error.code === 'invalid_input' ? FIELDS.find((f) => f === error.field?.split('.')[0]) : undefined;
      if (field && error instanceof ApiError) setError(field, { message: error.message });
      else toast.error(adminFailure(error));
    }
  });

  const wallets = settings.data?.wallets ?? [];
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="pair-phone-heading">
      <h3 id="pair-phone-heading" className="text-base font-semibold text-slate-900">
        Pair a phone
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Phone name" autoComplete="off" placeholder="Shop phone" {...field('name')} />
        <SelectField
          label="Wallet"
          error={errors.wallet?.message}
          hint={settings.isError ? 'Could not load the wallets.' : undefined}
          {...register('wallet')}
        >
          <option value="">{settings.isPending ? 'Loading…' : 'Choose a wallet'}</option>
          {wallets.map((wallet) => (
            <option key={wallet.provider} value={wallet.provider}>
              {wallet.provider}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Senders"
          autoComplete="off"
          placeholder="3737, Easypaisa"
          hint="The sender IDs of the wallet’s SMS, comma separated"
          {...field('senders')}
        />
      </div>
      <Button type="submit" loading={isPending}>
        Pair phone
      </Button>
    </form>
  );
}
