import type { User } from '@shared/schemas/accounts';
import { type AddBalanceBody, addBalanceBody } from '@shared/schemas/money';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useAddBalance } from '@/features/admin/money/api/add-balance';
import { useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useForm } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency';

type Values = z.input<typeof addBalanceBody>;

type Attempts = ReturnType<typeof useIdempotencyKey>;

/**
 * Credits the account that holds the typed email today or, given `account` (a row the admin picked),
 * that account by its id: an email can move to another account, the id cannot. `attempts` holds the
 * Idempotency-Key when the form lives in a dialog that can be closed and opened again: a credit whose
 * answer was lost (a 504) is then retried with its key instead of crediting twice.
 */
export function AddBalanceForm({
  account,
  onDone,
  attempts,
}: {
  account?: Pick<User, '_id' | 'name' | 'email'>;
  onDone?: () => void;
  attempts?: Attempts;
}) {
  const toasted = useToastedAction();
  const addBalance = useAddBalance();
  const own = useIdempotencyKey();
  const { send } = attempts ?? own;
  const empty: Values = account ? { userId: account._id, amount: Number.NaN } : { email: '', amount: Number.NaN };
  const { field, handleSubmit, reset } = useForm<Values>({ schema: addBalanceBody, defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    const body: AddBalanceBody = account
      ? { userId: account._id, amount: values.amount }
      : { email: (values.email ?? '').trim().toLowerCase(), amount: values.amount };
    if (await toasted(() => send(body, (idempotencyKey) => addBalance.mutateAsync({ body, idempotencyKey })), '✅ Balance updated!')) {
      reset(empty);
      onDone?.();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby={account ? undefined : 'add-balance-heading'}>
      {account ? null : (
        <h2 id="add-balance-heading" className="text-lg font-bold text-slate-900">
          Add Balance
        </h2>
      )}
      {account ? (
        <p className="text-sm text-slate-600">
          To <span className="font-medium text-slate-900">{account.name}</span> <span className="break-all">({account.email})</span>
        </p>
      ) : (
        <TextField label="User email" type="email" autoComplete="off" {...field('email')} />
      )}
      <TextField
        label="Amount (Rs)"
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        data-autofocus={account ? true : undefined}
        {...field('amount', { valueAsNumber: true })}
      />
      <Button type="submit" block loading={addBalance.isPending}>
        Add Balance
      </Button>
    </form>
  );
}
