import type { User } from '@shared/schemas/accounts';
import { adjustBalanceBody } from '@shared/schemas/money';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { useAdjustBalance } from '@/features/admin/money/api/adjust-balance';
import { AccountLine } from '@/features/admin/shared/components/cells';
import { useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useForm } from '@/lib/form';
import type { useIdempotencyKey } from '@/lib/idempotency';

type Values = z.input<typeof adjustBalanceBody>;

/**
 * A signed correction of `account`'s balance with its reason. `attempts` outlives the dialog, as the
 * credit dialog's does: an adjustment whose answer was lost is retried with the same Idempotency-Key.
 */
export function AdjustBalanceForm({
  account,
  attempts,
  onDone,
}: {
  account: Pick<User, '_id' | 'name' | 'email' | 'balance'>;
  attempts: ReturnType<typeof useIdempotencyKey>;
  onDone: () => void;
}) {
  const toasted = useToastedAction();
  const adjust = useAdjustBalance();
  const { field, handleSubmit } = useForm<Values>({ schema: adjustBalanceBody, defaultValues: { amount: Number.NaN, reason: '' } });

  const onSubmit = handleSubmit(async (body) => {
    const adjusted = () =>
      attempts.send({ uid: account._id, ...body }, (idempotencyKey) => adjust.mutateAsync({ uid: account._id, body, idempotencyKey }));
    if (await toasted(adjusted, '✅ Balance adjusted!')) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <AccountLine account={account} />
      <TextField
        label="Amount (Rs)"
        type="number"
        inputMode="decimal"
        step="any"
        data-autofocus
        hint="Positive adds to the balance, negative takes from it."
        {...field('amount', { valueAsNumber: true })}
      />
      <TextAreaField label="Reason" rows={3} maxLength={500} {...field('reason')} />
      <Button type="submit" block loading={adjust.isPending}>
        Adjust Balance
      </Button>
    </form>
  );
}
