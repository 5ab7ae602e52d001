// What a customer may do with one of their orders on /orders: Cancel a pending one (a confirmation that
// names the refund, or says its provider is asked first), ask for a Refill within its window, and see where
// a refill stands. Offline both wait, with the reason on screen.
import type { CustomerRefill, Order } from '@shared/schemas/orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts';
import { useCancelOrder, useRequestRefill } from '@/features/orders/api/order-actions';
import { ApiError } from '@/lib/api-error';
import { formatAmount, formatPakistanDayMonth } from '@/lib/format';

export const OFFLINE_ACTION = 'You are offline: cancel, stop and refill need the connection.';

const failureOf = (error: unknown) => (error instanceof ApiError ? `❌ ${error.message}` : 'Server error, try again.');

export function CancelOrderButton({ order, offline }: { order: Order; offline: boolean }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useCancelOrder();
  const toast = useToast();
  const close = () => {
    setOpen(false);
    setFailure(null);
  };
  const onCancel = async () => {
    setFailure(null);
    try {
      const answer = await cancel.mutateAsync(order._id);
      if (answer.order.cancelRequested) toast.success(`Order #${order.number}: ${answer.message}`);
      else toast.success(`✅ Order #${order.number} cancelled: ${formatAmount(answer.order.refund ?? order.price)} back to your balance`);
      close();
    } catch (error) {
      setFailure(failureOf(error));
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={offline}
        title={offline ? OFFLINE_ACTION : undefined}
        onClick={() => setOpen(true)}
        aria-label={`Cancel order #${order.number}`}
      >
        Cancel
      </Button>
      <Modal open={open} onClose={close} title={`Cancel order #${order.number}?`}>
        <div className="space-y-4 text-sm text-slate-800">
          {order.cancelNeedsConfirmation ? (
            <p>
              We ask our provider to cancel it. If it agrees, <strong>{formatAmountOf(order)}</strong> goes back to your balance once it
              confirms; if the order has already started, it goes on.
            </p>
          ) : (
            <p>
              It has not started: <strong>{formatAmountOf(order)}</strong> goes back to your balance at once.
            </p>
          )}
          <DialogActions
            failure={failure}
            onCancel={close}
            cancelLabel="Keep it"
            action={{ variant: 'danger', loading: cancel.isPending, onClick: () => void onCancel(), label: 'Cancel order' }}
          />
        </div>
      </Modal>
    </>
  );
}

const formatAmountOf = (order: Order) => formatAmount(order.price);

export function RefillButton({ order, until, offline }: { order: Order; until: string; offline: boolean }) {
  const refill = useRequestRefill();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const onRefill = async () => {
    setFailure(null);
    try {
      const answer = await refill.mutateAsync(order._id);
      toast.success(`Order #${order.number}: ${answer.message} (#${answer.refill.number})`);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };
  return (
    <span className="flex flex-col items-end gap-1 sm:items-start">
      <Button
        size="sm"
        variant="secondary"
        disabled={offline}
        title={offline ? OFFLINE_ACTION : undefined}
        loading={refill.isPending}
        onClick={() => void onRefill()}
        aria-label={`Refill order #${order.number} (until ${formatPakistanDayMonth(until)})`}
      >
        Refill (until {formatPakistanDayMonth(until)})
      </Button>
      {failure ? (
        <span role="alert" className="text-xs font-medium text-red-800">
          {failure}
        </span>
      ) : null}
    </span>
  );
}

const REFILL_STATE_LABELS: Record<CustomerRefill['state'], string> = {
  requested: 'Refill requested',
  in_progress: 'Refill in progress',
  completed: 'Refill completed',
  rejected: 'Refill rejected',
};

/** Where the order's latest refill stands, with the reason of a rejection. */
export function RefillState({ refill }: { refill: CustomerRefill }) {
  const tone = refill.state === 'completed' ? 'text-green-800' : refill.state === 'rejected' ? 'text-red-800' : 'text-amber-800';
  return (
    <span className={`block text-xs font-semibold ${tone}`} data-testid="refill-state">
      {REFILL_STATE_LABELS[refill.state]} · #{refill.number}
      {refill.reason ? <span className="block font-normal wrap-anywhere text-slate-700">{refill.reason}</span> : null}
    </span>
  );
}
