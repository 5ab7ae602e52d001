// Takes a credited top-up back (a chargeback, a payment credited twice): its amount off the customer's balance and
// its referral commission off whoever referred them, with the reason the audit trail keeps.
import { LIMITS } from '@shared/schemas/fields';
import type { Recharge } from '@shared/schemas/money';
import { reverseTopUpBody } from '@shared/schemas/referrals';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextAreaField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useReverseTopUp } from '@/features/admin/money/api/reverse-top-up';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ApiError } from '@/lib/api-error';
import { useForm } from '@/lib/form';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { useIdempotencyKey } from '@/lib/idempotency';

type Values = z.input<typeof reverseTopUpBody>;

/** The refusals the admin acts on, in words of what to do; any other is the server's message. */
const REFUSALS: Partial<Record<string, string>> = {
  insufficient_balance: '❌ The customer’s balance is below this top-up: adjust it first.',
  already_decided: '❌ This top-up was reversed already.',
  not_found: '❌ This top-up no longer exists.',
};

/**
 * The reversal of `recharge` with its reason. `attempts` outlives the dialog, as the adjust dialog's does: a
 * reversal whose answer was lost is retried with the same Idempotency-Key.
 */
export function ReverseTopUpForm({
  recharge,
  attempts,
  onDone,
  onCancel,
}: {
  recharge: Pick<Recharge, '_id' | 'amount' | 'date' | 'method'>;
  attempts: ReturnType<typeof useIdempotencyKey>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const reverse = useReverseTopUp();
  const [failure, setFailure] = useState<string | null>(null);
  const { field, handleSubmit, setError } = useForm<Values>({ schema: reverseTopUpBody, defaultValues: { reason: '' } });
  const amount = formatAmount(recharge.amount);

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const answer = await attempts.send({ rechargeId: recharge._id, ...body }, (idempotencyKey) =>
        reverse.mutateAsync({ rechargeId: recharge._id, body, idempotencyKey }),
      );
      toast.success(`✅ ${answer.message}`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_input' && error.field === 'reason') setError('reason', error);
      else setFailure((error instanceof ApiError && error.code && REFUSALS[error.code]) || adminFailure(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">
        {`The top-up of ${amount}${recharge.method ? ` by ${recharge.method}` : ''} on ${formatDateTime(recharge.date)}. `}
        {`Takes ${amount} off the customer’s balance, and any referral commission it earned off whoever referred them.`}
      </p>
      <TextAreaField
        label="Reason"
        rows={3}
        maxLength={LIMITS.reason}
        data-autofocus
        hint="The customer sees it on their statement."
        {...field('reason')}
      />
      <DialogActions
        failure={failure}
        onCancel={onCancel}
        action={{ type: 'submit', variant: 'danger', loading: reverse.isPending, label: 'Reverse top-up' }}
      />
    </form>
  );
}
