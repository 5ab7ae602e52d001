// Where an order stands with its provider (decision record 0008), in the Orders section: the state,
// the provider and its order id, the refusal or the flag; and for an order that failed or is unknown,
// what the admin can do: Resend (same provider, or one of another provider's services), Mark sent
// (found at the provider), Cancel (full refund, through the status change: a refund happens once).
// Manual orders show nothing new. A sent order's cancel is asked of its provider: "Cancel requested"
// until its status confirms it. A sent (or unknown) order whose provider is disabled, gone or silent can
// be closed without it: Refund without provider (the risk stated, a reason, optional remains).
import type { FulfilmentState } from '@shared/fulfilment';
import { MESSAGES } from '@shared/messages';
import { partialRefund, toPaisa } from '@shared/money';
import { formatNumber } from '@shared/numbers';
import { isFinalStatus } from '@shared/order-status';
import type { AdminOrder, Fulfilment, Provider } from '@shared/providers';
import { markSentBody, providerCostPaisa, refundWithoutProviderBody } from '@shared/providers';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormAlert, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useMarkOrderSent } from '@/features/admin/orders/api/mark-order-sent';
import { useRefundWithoutProvider } from '@/features/admin/orders/api/refund-without-provider';
import { useResendOrder } from '@/features/admin/orders/api/resend-order';
import { useUpdateOrderStatus } from '@/features/admin/orders/api/update-order-status';
import { useProviderServices } from '@/features/admin/providers/api/get-provider-services';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { toldByServer, useAdminAction } from '@/features/admin/shared/hooks/use-admin-action';
import { formatAmount, formatDateTime, formatPaisa } from '@/lib/format';
import { useFieldError } from '@/lib/use-field-error';

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
export const needsAction = (order: AdminOrder) =>
  !order.dripFeed && (order.fulfilment.state === 'failed' || order.fulfilment.state === 'unknown');

/** Whether the order is (or may be) at its provider, so the admin may close it without it (the API's own rule). */
export const atProvider = (order: AdminOrder) =>
  !order.dripFeed && (order.fulfilment.state === 'sent' || order.fulfilment.state === 'unknown');

/** The provider's name, and whether it takes orders: a disabled or vanished one will not finish this order by itself. */
function providerLabel(id: string, providers: ReadonlyMap<string, Provider>, providersLoaded: boolean): string {
  const provider = providers.get(id);
  if (provider) return provider.active ? provider.name : `${provider.name} (disabled)`;
  return providersLoaded ? `${id} (provider no longer exists)` : id;
}

export function FulfilmentCell({
  order,
  providers,
  providersLoaded = false,
}: {
  order: AdminOrder;
  providers: ReadonlyMap<string, Provider>;
  /** Every provider is in `providers`: one missing is gone. */
  providersLoaded?: boolean;
}) {
  const f = order.fulfilment;
  // A drip-feed is no work of its own: each run is an order with its own fulfilment.
  if (order.dripFeed) return <span className="text-xs text-slate-600">Drip-feed: see its runs</span>;
  if (f.state === 'manual') return <span className="text-xs text-slate-600">Manual</span>;
  const provider = f.providerId ? providerLabel(f.providerId, providers, providersLoaded) : undefined;
  const final = isFinalStatus(order.status);
  // A failed or unknown order the admin has since closed (cancelled with its refund, or completed by hand),
  // or one refunded without its provider, keeps its provider state, but nothing waits on it any more: shown
  // muted, without the warning.
  const closed = (f.state === 'failed' || f.state === 'unknown' || f.closedWithoutProvider !== undefined) && final;
  return (
    <span className="block min-w-0 space-y-0.5 text-right text-xs sm:text-left">
      <span className={`inline-flex rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset ${closed ? tones.manual : tones[f.state]}`}>
        {FULFILMENT_LABELS[f.state]}
      </span>
      {closed ? <span className="block text-slate-700">{`Closed: the order is ${order.status}`}</span> : null}
      {provider ? <span className="block text-slate-700">{provider}</span> : null}
      {f.providerOrderId ? <span className="block font-mono text-slate-700">Provider order {f.providerOrderId}</span> : null}
      {f.error ? <span className={`block wrap-anywhere ${closed ? 'text-slate-600' : 'text-red-800'}`}>{f.error}</span> : null}
      {f.reason && f.reason !== f.error ? <span className="block wrap-anywhere text-slate-600">{f.reason}</span> : null}
      {f.flag ? <span className="block wrap-anywhere font-semibold text-red-800">⚠ {f.flag}</span> : null}
      {f.cancel && f.state === 'sent' && !final ? <CancelNote cancel={f.cancel} /> : null}
      {f.unansweredSince && f.state === 'sent' && !final ? (
        <span className="block text-red-800">No status from the provider since {formatDateTime(f.unansweredSince)}</span>
      ) : null}
      {f.closedWithoutProvider ? (
        <span className="block wrap-anywhere text-slate-700">
          Refunded without the provider ({formatDateTime(f.closedWithoutProvider.at)}, {f.closedWithoutProvider.by}):{' '}
          {f.closedWithoutProvider.reason}
        </span>
      ) : null}
      {f.state === 'unknown' && !closed ? (
        <span className="block text-red-800">May have been placed at the provider: do not resend blindly.</span>
      ) : null}
    </span>
  );
}

/** A cancellation asked of the provider: the order (and its refund) changes when the provider confirms it. */
function CancelNote({ cancel }: { cancel: NonNullable<Fulfilment['cancel']> }) {
  if (cancel.state === 'requested') return <span className="block font-semibold text-amber-900">Cancel requested</span>;
  if (cancel.state === 'refused') return <span className="block wrap-anywhere text-red-800">Cancel refused: {cancel.error}</span>;
  return <span className="block text-red-800">Cancel: no answer from the provider</span>;
}

type Dialog = 'resend' | 'mark-sent' | 'cancel' | 'refund-without-provider' | null;

export function FulfilmentActions({ order, providers }: { order: AdminOrder; providers: readonly Provider[] }) {
  const [open, setOpen] = useState<Dialog>(null);
  if (isFinalStatus(order.status) || !(needsAction(order) || atProvider(order))) return null;
  const close = () => setOpen(null);
  return (
    <div className="flex flex-wrap justify-end gap-1 sm:justify-start">
      {needsAction(order) ? (
        <>
          <Button size="sm" variant="secondary" onClick={() => setOpen('resend')} aria-label={`Resend order ${order.number}`}>
            Resend
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setOpen('mark-sent')} aria-label={`Mark order ${order.number} sent`}>
            Mark sent
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setOpen('cancel')} aria-label={`Cancel order ${order.number}`}>
            Cancel
          </Button>
        </>
      ) : null}
      {atProvider(order) ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setOpen('refund-without-provider')}
          aria-label={`Refund order ${order.number} without the provider`}
        >
          Refund without provider
        </Button>
      ) : null}
      {open === 'resend' ? <ResendDialog order={order} providers={providers} onClose={close} /> : null}
      {open === 'mark-sent' ? <MarkSentDialog order={order} onClose={close} /> : null}
      {open === 'cancel' ? <CancelDialog order={order} onClose={close} /> : null}
      {open === 'refund-without-provider' ? <RefundWithoutProviderDialog order={order} onClose={close} /> : null}
    </div>
  );
}

/** How many of a provider's services the Resend dialog lists at once (the search narrows the rest). */
const SERVICES_SHOWN = 50;

function ResendDialog({ order, providers, onClose }: { order: AdminOrder; providers: readonly Provider[]; onClose: () => void }) {
  const { failure, run } = useAdminAction();
  const resend = useResendOrder();
  const current = order.fulfilment.providerId;
  // The same provider, or another active one; for another, one of its services (its list, asked now).
  const choices = providers.filter((provider) => provider._id === current || provider.active);
  const [providerId, setProviderId] = useState(current ?? choices[0]?._id ?? '');
  const [serviceId, setServiceId] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const unknown = order.fulfilment.state === 'unknown';
  const [checked, setChecked] = useState(false);
  const other = providerId !== '' && providerId !== current;
  const provider = choices.find((p) => p._id === providerId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await run(() => resend.mutateAsync({ id: order._id, body: other ? { providerId, providerServiceId: serviceId } : {} }), {
      done: `✅ Order #${order.number} is queued to be sent again`,
      // Queued, but at a loss: the admin reads it before the dialog goes.
      after: (answer) => (answer.warning ? setWarning(answer.warning) : onClose()),
    });
  };

  if (warning) {
    return (
      <Modal open onClose={onClose} title={`Resend order #${order.number}`}>
        <div className="space-y-4">
          <FormAlert>⚠ {warning}</FormAlert>
          <p className="text-sm text-slate-700">The order is queued; the customer’s price did not change.</p>
          <Button variant="secondary" className="w-full" onClick={onClose}>
            Close
          </Button>
        </div>
      </Modal>
    );
  }

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
        <SelectField
          label="Provider"
          value={providerId}
          onChange={(event) => {
            setProviderId(event.target.value);
            setServiceId('');
          }}
        >
          {choices.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
              {p._id === current ? ' (same provider)' : ''}
              {p.active ? '' : ' (disabled)'}
            </option>
          ))}
        </SelectField>
        {other && provider ? <ServicePicker order={order} provider={provider} value={serviceId} onChange={setServiceId} /> : null}
        {unknown ? (
          <label className="flex items-start gap-2 text-sm text-slate-900">
            <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
            <span>I checked the provider’s panel: the order is not there.</span>
          </label>
        ) : null}
        <DialogActions
          failure={failure}
          onCancel={onClose}
          cancelLabel="Close"
          action={{
            type: 'submit',
            loading: resend.isPending,
            disabled: !providerId || (other && !serviceId) || (unknown && !checked),
            label: 'Resend',
          }}
        />
      </form>
    </Modal>
  );
}

/** Another provider's services, filtered by a search box, each with what this order would cost us there. */
function ServicePicker({
  order,
  provider,
  value,
  onChange,
}: {
  order: AdminOrder;
  provider: Provider;
  value: string;
  onChange: (serviceId: string) => void;
}) {
  const services = useProviderServices(provider._id);
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const matching = (services.data?.services ?? []).filter(
    (s) => words === '' || `${s.service} ${s.name} ${s.category}`.toLowerCase().includes(words),
  );
  const pricePaisa = toPaisa(order.price);
  const costOf = (rate: number) => providerCostPaisa(rate, provider.rateToPkr, order.quantity);

  return (
    <div className="space-y-2">
      <TextField label={`Search ${provider.name}’s services`} value={search} onChange={(event) => setSearch(event.target.value)} />
      {services.isPending ? <p className="text-sm text-slate-600">Asking {provider.name} for its services…</p> : null}
      {services.isError ? <FormAlert>{adminFailure(services.error)}</FormAlert> : null}
      {services.isSuccess ? (
        <fieldset className="max-h-64 space-y-1 overflow-y-auto">
          <legend className="text-sm font-medium text-slate-900">Service at {provider.name}</legend>
          {matching.length === 0 ? <p className="text-sm text-slate-600">No service matches.</p> : null}
          {matching.slice(0, SERVICES_SHOWN).map((s) => {
            const fits = order.quantity >= s.min && order.quantity <= s.max;
            const cost = costOf(s.rate);
            return (
              <label key={s.service} className="flex items-start gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name="providerServiceId"
                  value={s.service}
                  checked={value === s.service}
                  disabled={!fits}
                  onChange={() => onChange(s.service)}
                />
                <span>
                  #{s.service} {s.name}{' '}
                  <span className="text-slate-600">
                    ({formatNumber(s.min)}–{formatNumber(s.max)}) · costs {formatPaisa(cost)}
                  </span>
                  {!fits ? <span className="block text-xs text-slate-600">Does not take {formatNumber(order.quantity)}</span> : null}
                  {fits && cost > pricePaisa ? (
                    <span className="block text-xs font-semibold text-red-800">Above the {formatPaisa(pricePaisa)} the customer paid</span>
                  ) : null}
                </span>
              </label>
            );
          })}
          {matching.length > SERVICES_SHOWN ? (
            <p className="text-xs text-slate-600">{matching.length - SERVICES_SHOWN} more: narrow the search.</p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}

function MarkSentDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { failure, setFailure, run } = useAdminAction();
  const markSent = useMarkOrderSent();
  const [providerOrderId, setProviderOrderId] = useState('');
  const { error, passed } = useFieldError();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = markSentBody.safeParse({ providerOrderId });
    if (!passed(parsed)) return;
    await run(() => markSent.mutateAsync({ id: order._id, body: parsed.data }), {
      done: `✅ Order #${order.number} is marked sent`,
      after: onClose,
    });
  };

  return (
    <Modal open onClose={onClose} title={`Mark order #${order.number} sent`}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          Check the provider’s panel first: find this order there (link {order.link}, quantity {formatNumber(order.quantity)}) and copy its
          order id. The status sync follows it from then on.
        </p>
        <TextField
          label="Provider’s order id"
          autoComplete="off"
          value={providerOrderId}
          error={error}
          onChange={(event) => setProviderOrderId(event.target.value)}
        />
        <DialogActions
          failure={failure}
          onCancel={onClose}
          cancelLabel="Close"
          action={{ type: 'submit', loading: markSent.isPending, label: 'Mark sent' }}
        />
      </form>
    </Modal>
  );
}

function CancelDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const update = useUpdateOrderStatus();
  const { failure, run } = useAdminAction();

  const onConfirm = () =>
    run(() => update.mutateAsync({ id: order._id, body: { status: 'cancelled' } }), { done: toldByServer, after: onClose });

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
        <DialogActions
          failure={failure}
          onCancel={onClose}
          cancelLabel="Keep the order"
          action={{ variant: 'danger', loading: update.isPending, onClick: onConfirm, label: 'Cancel and refund' }}
        />
      </div>
    </Modal>
  );
}

/**
 * Closes a sent (or unknown) order without its provider: the risk first, a reason (audited), and remains
 * for a partial refund when the admin knows part was delivered; what goes back is shown before the click.
 */
function RefundWithoutProviderDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { failure, setFailure, run } = useAdminAction();
  const refund = useRefundWithoutProvider();
  const [reason, setReason] = useState('');
  const [remains, setRemains] = useState('');
  const [errors, setErrors] = useState<{ reason?: string | undefined; remains?: string | undefined }>({});
  const remainsNumber = remains.trim() === '' ? undefined : Number(remains);
  const remainsFits = remainsNumber !== undefined && Number.isInteger(remainsNumber) && remainsNumber > 0 && remainsNumber < order.quantity;
  const pricePaisa = toPaisa(order.price);
  const back = remainsFits ? partialRefund(pricePaisa, remainsNumber, order.quantity) : pricePaisa;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = refundWithoutProviderBody.safeParse({ reason, ...(remainsNumber !== undefined ? { remains: remainsNumber } : {}) });
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'remains' ? 'remains' : 'reason';
        next[field] ??= issue.message;
      }
    }
    if (remainsNumber !== undefined && !next.remains && !remainsFits) next.remains = `Remains must be between 1 and ${order.quantity - 1}`;
    setErrors(next);
    if (!parsed.success || next.remains) return;
    await run(() => refund.mutateAsync({ id: order._id, body: parsed.data }), { done: toldByServer, after: onClose });
  };

  return (
    <Modal open onClose={onClose} title={`Refund order #${order.number} without the provider?`}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {MESSAGES.refundWithoutProviderRisk}.
        </p>
        <p className="text-sm text-slate-700">
          For a provider that is disabled, gone or no longer answers. Nothing is asked of it: the order is closed here, and whatever it says
          later changes nothing. Without remains the order is cancelled and {order.user.email} gets the full {formatAmount(order.price)}{' '}
          back; with remains (what was not delivered) it ends partial and their share goes back.
        </p>
        <TextAreaField
          label="Reason"
          rows={3}
          maxLength={500}
          value={reason}
          error={errors.reason}
          hint="Kept in the audit trail."
          onChange={(event) => setReason(event.target.value)}
        />
        <TextField
          label="Remains (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          max={order.quantity - 1}
          value={remains}
          error={errors.remains}
          hint={`Of ${formatNumber(order.quantity)}: leave empty to cancel the whole order.`}
          onChange={(event) => setRemains(event.target.value)}
        />
        <p className="text-sm font-semibold text-slate-900">
          {remainsFits ? `Partial: ${formatPaisa(back)} goes back` : `Cancelled: ${formatPaisa(back)} goes back`} to {order.user.email}.
        </p>
        <DialogActions
          failure={failure}
          onCancel={onClose}
          cancelLabel="Keep the order"
          action={{ type: 'submit', variant: 'danger', loading: refund.isPending, label: 'Refund without provider' }}
        />
      </form>
    </Modal>
  );
}
