// Where an order stands with its provider (decision record 0008), in the Orders section: the state,
// the provider and its order id, the refusal or the flag; and for an order that failed or is unknown,
// what the admin can do: Resend (same provider or another), Mark sent (found at the provider), Cancel
// (full refund, through the status change: a refund happens once). Manual orders show nothing new. A
// sent order's cancel is asked of its provider: "Cancel requested" until its status confirms it.
import type { FulfilmentState } from '@shared/fulfilment';
import { isFinalStatus } from '@shared/order-status';
import type { AdminOrder, Fulfilment, Provider } from '@shared/providers';
import { markSentBody } from '@shared/providers';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts';
import { useMarkOrderSent, useResendOrder } from '@/features/admin/api/order-fulfilment';
import { useUpdateOrderStatus } from '@/features/admin/api/update-order-status';
import { adminFailure } from '@/features/admin/components/admin-messages';
import { formatAmount } from '@/lib/format';

export const FULFILMENT_LABELS: Record<FulfilmentState, string> = {
  manual: 'Manual',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
};

const tones: Record<FulfilmentState, string> = {
  manual: 'bg-slate-100 text-slate-700 ring-slate-200',
  queued: 'bg-amber-100 text-amber-900 ring-amber-200',
  sending: 'bg-amber-100 text-amber-900 ring-amber-200',
  sent: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-100 text-red-800 ring-red-200',
  unknown: 'bg-red-100 text-red-800 ring-red-200',
};

/** The plain warning an unknown order carries wherever the admin acts on it. */
export const UNKNOWN_WARNING =
  'No clear answer came from the provider: the order may have been placed there. Check the provider’s panel before resending, or it may be ordered twice.';

/** Whether the admin can act on the order's fulfilment (the API allows these two states only). */
export const needsAction = (order: AdminOrder) => order.fulfilment.state === 'failed' || order.fulfilment.state === 'unknown';

export function FulfilmentCell({ order, providers }: { order: AdminOrder; providers: ReadonlyMap<string, Provider> }) {
  const f = order.fulfilment;
  if (f.state === 'manual') return <span className="text-xs text-slate-600">Manual</span>;
  const provider = f.providerId ? (providers.get(f.providerId)?.name ?? f.providerId) : undefined;
  return (
    <span className="block min-w-0 space-y-0.5 text-right text-xs sm:text-left">
      <span className={`inline-flex rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset ${tones[f.state]}`}>
        {FULFILMENT_LABELS[f.state]}
      </span>
      {provider ? <span className="block text-slate-700">{provider}</span> : null}
      {f.providerOrderId ? <span className="block font-mono text-slate-700">Provider order {f.providerOrderId}</span> : null}
      {f.error ? <span className="block break-words text-red-800">{f.error}</span> : null}
      {f.reason && f.reason !== f.error ? <span className="block break-words text-slate-600">{f.reason}</span> : null}
      {f.flag ? <span className="block break-words font-semibold text-red-800">⚠ {f.flag}</span> : null}
      {f.cancel && f.state === 'sent' && !isFinalStatus(order.status) ? <CancelNote cancel={f.cancel} /> : null}
      {f.state === 'unknown' ? (
        <span className="block text-red-800">May have been placed at the provider: do not resend blindly.</span>
      ) : null}
    </span>
  );
}

/** A cancellation asked of the provider: the order (and its refund) changes when the provider confirms it. */
function CancelNote({ cancel }: { cancel: NonNullable<Fulfilment['cancel']> }) {
  if (cancel.state === 'requested') return <span className="block font-semibold text-amber-900">Cancel requested</span>;
  if (cancel.state === 'refused') return <span className="block break-words text-red-800">Cancel refused: {cancel.error}</span>;
  return <span className="block text-red-800">Cancel: no answer from the provider</span>;
}

type Dialog = 'resend' | 'mark-sent' | 'cancel' | null;

export function FulfilmentActions({ order, providers }: { order: AdminOrder; providers: readonly Provider[] }) {
  const [open, setOpen] = useState<Dialog>(null);
  if (!needsAction(order) || isFinalStatus(order.status)) return null;
  const close = () => setOpen(null);
  return (
    <div className="flex flex-wrap justify-end gap-1 sm:justify-start">
      <Button size="sm" variant="secondary" onClick={() => setOpen('resend')} aria-label={`Resend order ${order.number}`}>
        Resend
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen('mark-sent')} aria-label={`Mark order ${order.number} sent`}>
        Mark sent
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen('cancel')} aria-label={`Cancel order ${order.number}`}>
        Cancel
      </Button>
      {open === 'resend' ? <ResendDialog order={order} providers={providers} onClose={close} /> : null}
      {open === 'mark-sent' ? <MarkSentDialog order={order} onClose={close} /> : null}
      {open === 'cancel' ? <CancelDialog order={order} onClose={close} /> : null}
    </div>
  );
}

function ResendDialog({ order, providers, onClose }: { order: AdminOrder; providers: readonly Provider[]; onClose: () => void }) {
  const toast = useToast();
  const resend = useResendOrder();
  const current = order.fulfilment.providerId;
  // The same provider, or another active one (the service must be linked to it: the API says so if not).
  const choices = providers.filter((provider) => provider._id === current || provider.active);
  const [providerId, setProviderId] = useState(current ?? choices[0]?._id ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const unknown = order.fulfilment.state === 'unknown';
  const [checked, setChecked] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await resend.mutateAsync({ id: order._id, body: providerId && providerId !== current ? { providerId } : {} });
      toast.success(`✅ Order #${order.number} is queued to be sent again`);
      onClose();
    } catch (error) {
      setFailure(adminFailure(error));
    }
  };

  return (
    <Modal open onClose={onClose} title={`Resend order #${order.number}`}>
      <form onSubmit={onSubmit} className="space-y-4">
        {unknown ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
            {UNKNOWN_WARNING}
          </p>
        ) : (
          <p className="text-sm text-slate-700">The provider refused it, so nothing was placed: it can be sent again.</p>
        )}
        <SelectField label="Provider" value={providerId} onChange={(event) => setProviderId(event.target.value)}>
          {choices.map((provider) => (
            <option key={provider._id} value={provider._id}>
              {provider.name}
              {provider._id === current ? ' (same provider)' : ''}
              {provider.active ? '' : ' (disabled)'}
            </option>
          ))}
        </SelectField>
        <p className="text-xs text-slate-600">Another provider must be the one the service is linked to now (Services).</p>
        {unknown ? (
          <label className="flex items-start gap-2 text-sm text-slate-900">
            <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
            <span>I checked the provider’s panel: the order is not there.</span>
          </label>
        ) : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" className="flex-1" loading={resend.isPending} disabled={!providerId || (unknown && !checked)}>
            Resend
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function MarkSentDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const toast = useToast();
  const markSent = useMarkOrderSent();
  const [providerOrderId, setProviderOrderId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = markSentBody.safeParse({ providerOrderId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await markSent.mutateAsync({ id: order._id, body: parsed.data });
      toast.success(`✅ Order #${order.number} is marked sent`);
      onClose();
    } catch (failed) {
      setFailure(adminFailure(failed));
    }
  };

  return (
    <Modal open onClose={onClose} title={`Mark order #${order.number} sent`}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          Check the provider’s panel first: find this order there (link {order.link}, quantity {order.quantity.toLocaleString('en-US')}) and
          copy its order id. The status sync follows it from then on.
        </p>
        <TextField
          label="Provider’s order id"
          autoComplete="off"
          value={providerOrderId}
          error={error}
          onChange={(event) => setProviderOrderId(event.target.value)}
        />
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" className="flex-1" loading={markSent.isPending}>
            Mark sent
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function CancelDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateOrderStatus();
  const [failure, setFailure] = useState<string | null>(null);

  const onConfirm = async () => {
    setFailure(null);
    try {
      const answer = await update.mutateAsync({ id: order._id, body: { status: 'cancelled' } });
      toast.success(`✅ ${answer.message}`);
      onClose();
    } catch (error) {
      setFailure(adminFailure(error));
    }
  };

  return (
    <Modal open onClose={onClose} title={`Cancel order #${order.number}?`}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          The order is cancelled and {order.user.email} gets the full {formatAmount(order.price)} back. This cannot be undone.
        </p>
        {order.fulfilment.state === 'unknown' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
            The order may have been placed at the provider: if it is there, cancel it in the provider’s panel too.
          </p>
        ) : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            Keep the order
          </Button>
          <Button variant="danger" className="flex-1" loading={update.isPending} onClick={onConfirm}>
            Cancel and refund
          </Button>
        </div>
      </div>
    </Modal>
  );
}
