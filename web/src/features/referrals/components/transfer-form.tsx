// Moving referral earnings to the main balance: an amount from the minimum up to the referral balance (the whole of it
// by default), one Idempotency-Key per submission, kept while the outcome is unknown (no answer, a 5xx) so a retry
// never moves it twice, and a new one after the server decided (lib/idempotency.ts).
import { LIMITS } from '@shared/schemas/fields';
import { referralTransferBody } from '@shared/schemas/referrals';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useTransferReferralEarnings } from '@/features/referrals/api/transfer-referral-earnings';
import { ApiError } from '@/lib/api-error';
import { useForm } from '@/lib/form';
import { formatAmount } from '@/lib/format';
import { isDefiniteFailure, useIdempotencyKey } from '@/lib/idempotency';
import { useOnline } from '@/lib/network';

interface Values {
  amount: number;
}

/** The contract's body, and no more than the referral balance shown. */
const transferFormSchema = (balance: number) =>
  referralTransferBody.check(
    z.refine((body) => !(body.amount > balance), { message: `Your referral balance is ${formatAmount(balance)}`, path: ['amount'] }),
  );

/** The whole balance, or as much of it as one transfer moves (LIMITS.maxCredit), when there is enough to move. */
const defaultAmount = (balance: number, minTransfer: number) => (balance >= minTransfer ? Math.min(balance, LIMITS.maxCredit) : Number.NaN);

export function TransferForm({ balance, minTransfer, suspended }: { balance: number; minTransfer: number; suspended: boolean }) {
  const toast = useToast();
  const transfer = useTransferReferralEarnings();
  const { send } = useIdempotencyKey();
  const online = useOnline();
  const reasonId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => transferFormSchema(balance), [balance]);
  const { field, handleSubmit, reset, setError } = useForm<Values>({
    schema,
    defaultValues: { amount: defaultAmount(balance, minTransfer) },
  });

  const reason = suspended
    ? 'Transfers are paused while your account is suspended.'
    : balance < minTransfer
      ? `You can move earnings once you have ${formatAmount(minTransfer)}.`
      : !online
        ? 'You are offline. Earnings can be moved once you are back online.'
        : null;
  const disabled = reason !== null;

  const onSubmit = handleSubmit(async ({ amount }) => {
    if (disabled) return;
    setFailure(null);
    const body = { amount };
    try {
      const answer = await send(body, (idempotencyKey) => transfer.mutateAsync({ body, idempotencyKey }));
      toast.success(answer.message);
      reset({ amount: defaultAmount(answer.referralBalance, minTransfer) });
    } catch (error) {
      if (!(error instanceof ApiError) || !isDefiniteFailure(error)) {
        // Moved or not, nobody knows: a retry sends the same key, so it is moved once at most.
        setFailure('The transfer got no answer. Try again with the same amount: it will not be moved twice.');
        transfer.refresh();
        return;
      }
      switch (error.code) {
        case 'invalid_input':
          if (error.field === 'amount') setError('amount', { message: error.message });
          else setFailure(error.message);
          break;
        case 'insufficient_balance':
          // The referral balance refetches (the mutation's onError): a reversed top-up may have taken some back.
          setError('amount', { message: error.message });
          break;
        default:
          setFailure(error.message);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 sm:max-w-md">
      <TextField
        label="Amount (Rs)"
        type="number"
        inputMode="decimal"
        dir="ltr"
        step="any"
        min={minTransfer}
        disabled={disabled}
        hint={`From ${formatAmount(minTransfer)} up to your referral balance.`}
        {...field('amount', { valueAsNumber: true })}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Button type="submit" block disabled={disabled} loading={transfer.isPending} aria-describedby={reason ? reasonId : undefined}>
        Move to balance
      </Button>
      {reason ? (
        <p id={reasonId} className="text-sm text-slate-600">
          {reason}
        </p>
      ) : null}
    </form>
  );
}
