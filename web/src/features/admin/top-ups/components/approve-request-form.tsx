// Approve asks what actually arrived: prefilled with the wallet SMS's amount when one came (else the
// request's), editable, and a second, explicit yes before crediting more than the customer asked for.
import type { AdminRechargeRequest } from '@shared/schemas/top-ups';
import { approveRequestBody } from '@shared/wallet-autopilot';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextField } from '@/components/ui/form-field';
import { toldByServer, useAdminAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useApproveRechargeRequest } from '@/features/admin/top-ups/api/decide-recharge-request';
import { PayerNumber, smsSummary } from '@/features/admin/top-ups/components/request-sms';
import { formatAmount } from '@/lib/format';
import { useFieldError } from '@/lib/use-field-error';

const amountOf = (text: string) => {
  const plain = text.replace(/[,\s]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
};

export function ApproveRequestForm({
  request,
  onApproved,
  onCancel,
}: {
  request: AdminRechargeRequest;
  onApproved: () => void;
  onCancel: () => void;
}) {
  const { failure, setFailure, run } = useAdminAction();
  const approve = useApproveRechargeRequest();
  const sms = request.sms ?? null;
  const [text, setText] = useState(() => String(sms?.amount ?? request.amount));
  // The larger amount the admin said yes to: typing another amount asks again.
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const { error, setError, passed } = useFieldError();
  const amount = amountOf(text);
  const parsed = approveRequestBody.safeParse({ amount });
  const over = parsed.success && amount > request.amount;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!passed(parsed)) return;
    if (over && confirmed !== amount) {
      setUnconfirmed(true);
      return;
    }
    await run(() => approve.mutateAsync({ id: request._id, amount }), {
      done: toldByServer,
      after: onApproved,
      field: { name: 'amount', show: setError },
    });
  };

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-sm text-slate-700">
        {formatAmount(request.amount)} requested by <span className="break-all">{request.user.email}</span> via {request.method}{' '}
        (transaction <span className="font-mono wrap-anywhere">{request.reference}</span>).
        <PayerNumber payerNumber={request.payerNumber} />
      </p>
      {sms ? (
        <div className="space-y-1 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="text-sm font-medium text-slate-900">{`The wallet’s SMS: ${smsSummary(sms) || 'no amount read'}`}</p>
          {sms.status === 'held' && sms.reasonText ? <p className="text-sm text-amber-800">{sms.reasonText}</p> : null}
          <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-700">{sms.text}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-700">No SMS from the wallet yet: check the wallet before crediting.</p>
      )}
      <TextField
        label="Amount received (Rs)"
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setUnconfirmed(false);
        }}
      />
      {over ? (
        <div className="space-y-2 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
          <p className="text-sm font-medium text-amber-900">{`Credit ${formatAmount(amount)}, more than the ${formatAmount(request.amount)} requested?`}</p>
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-900 sm:min-h-6">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={confirmed === amount}
              onChange={(event) => {
                setConfirmed(event.target.checked ? amount : null);
                setUnconfirmed(false);
              }}
            />
            {`Yes, credit ${formatAmount(amount)}`}
          </label>
          {unconfirmed ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              Tick the box to credit more than requested.
            </p>
          ) : null}
        </div>
      ) : null}
      <DialogActions
        failure={failure}
        onCancel={onCancel}
        action={{ type: 'submit', variant: 'success', loading: approve.isPending, label: 'Approve' }}
      />
    </form>
  );
}
