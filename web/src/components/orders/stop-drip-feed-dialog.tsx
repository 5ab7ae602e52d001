// A drip-feed's Stop button and the confirmation before it stops, for its customer and the admin: what
// comes back (the runs not started × the run price) and that the runs already started go on as orders of their own.

import type { Order } from '@shared/schemas/orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { runPricePaisa, stopRefundPaisa } from '@/lib/drip-feed';
import { formatPaisa } from '@/lib/format';

export type DripFeedOrder = Order & { dripFeed: NonNullable<Order['dripFeed']> };

interface StopDripFeedDialogProps {
  order: DripFeedOrder;
  open: boolean;
  onClose: () => void;
  onStop: () => void;
  stopping: boolean;
  failure: string | null;
  /** Whose balance the refund goes to: "your balance", or the customer's for the admin. */
  balance: string;
}

function StopDripFeedDialog({ order, open, onClose, onStop, stopping, failure, balance }: StopDripFeedDialogProps) {
  const { runs, runsDone } = order.dripFeed;
  const left = runs - runsDone;
  return (
    <Modal open={open} onClose={onClose} title={`Stop drip-feed #${order.number}?`}>
      <div className="space-y-4 text-sm text-slate-800">
        <p>
          {left === 1 ? '1 run has' : `${left} runs have`} not started: {left} × {formatPaisa(runPricePaisa(order))} ={' '}
          <strong>{formatPaisa(stopRefundPaisa(order))}</strong> goes back to {balance}.
        </p>
        {runsDone > 0 ? (
          <p>
            {runsDone === 1
              ? 'The run already started continues as an order of its own.'
              : `The ${runsDone} runs already started continue as orders of their own.`}
          </p>
        ) : null}
        <DialogActions
          failure={failure}
          onCancel={onClose}
          cancelLabel="Keep it"
          action={{ variant: 'danger', loading: stopping, onClick: onStop, label: 'Stop drip-feed' }}
        />
      </div>
    </Modal>
  );
}

/**
 * The drip-feed's Stop button (`label`) and its confirmation. `onStop` gets `close`, to call once the stop
 * succeeded; closing also clears the last refusal (`clearFailure`).
 */
export function StopDripFeedControl({
  label,
  onStop,
  clearFailure,
  disabled = false,
  ...dialog
}: Omit<StopDripFeedDialogProps, 'open' | 'onClose' | 'onStop'> & {
  label: string;
  onStop: (close: () => void) => void;
  clearFailure: () => void;
  /** Offline: the button waits for the connection (its reason is on the page). */
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    clearFailure();
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={`Stop drip-feed #${dialog.order.number}`}
      >
        {label}
      </Button>
      <StopDripFeedDialog {...dialog} open={open} onClose={close} onStop={() => onStop(close)} />
    </>
  );
}
