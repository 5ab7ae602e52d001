// What a top-up request shows of its wallet's SMS (docs/decisions/0015-top-up-autopilot.md): none yet, or received with what it says, and
// why it waits for the admin when it was held; and how an approved one was credited.
import type { AdminRechargeRequest, RechargeRequest } from '@shared/schemas/top-ups';
import { formatPayerNumber } from '@shared/wallet-sms';
import { formatAmount } from '@/lib/format';

/** "Rs 800 · from 92345****67": what the SMS says arrived, and from whom (masked as the SMS shows it). */
export function smsSummary(sms: { amount: number | null; payer: string | null }): string {
  return [sms.amount === null ? null : formatAmount(sms.amount), sms.payer ? `from ${sms.payer}` : null].filter(Boolean).join(' · ');
}

export function RequestSms({ sms }: { sms: AdminRechargeRequest['sms'] }) {
  // An answer from before the autopilot says nothing either way.
  if (sms === undefined) return <span className="text-slate-500">—</span>;
  if (sms === null) return <span className="text-slate-600">no SMS yet</span>;
  return (
    <span className="min-w-0 text-right sm:text-left">
      <span className="block font-medium text-emerald-800">SMS received ✓</span>
      <span className="block text-xs wrap-anywhere text-slate-700">{smsSummary(sms)}</span>
      {sms.status === 'held' ? (
        <span className="block text-xs font-medium wrap-anywhere text-amber-800">{sms.reasonText ?? 'Held for you'}</span>
      ) : null}
      {sms.status === 'dismissed' ? <span className="block text-xs text-slate-600">Dismissed</span> : null}
    </span>
  );
}

/** The number the customer says they paid from, as the admin compares it with the SMS's payer. */
export function PayerNumber({ payerNumber }: { payerNumber?: string | undefined }) {
  if (!payerNumber) return null;
  return <span className="block text-xs text-slate-700">{`Paid from ${formatPayerNumber(payerNumber)}`}</span>;
}

/** An approved request: credited automatically or by hand, and what was credited when not the amount requested. */
export function CreditedHow({ request }: { request: RechargeRequest }) {
  if (request.status !== 'approved') return null;
  return (
    <span className="block text-xs text-slate-700">
      {request.autoCredited ? (
        <span className="mr-1 inline-flex rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800">
          Credited automatically
        </span>
      ) : null}
      {request.creditedAmount !== undefined ? `${formatAmount(request.creditedAmount)} credited` : null}
    </span>
  );
}
