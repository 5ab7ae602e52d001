// The confirmation before a drip-feed stops, for its customer and the admin: what comes back (the runs
// not started × the run price) and that the runs already started go on as orders of their own.
import { formatRupees } from '@shared/money';
import type { Order } from '@shared/schemas';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { runPricePaisa, stopRefundPaisa } from '@/lib/drip-feed';

export type DripFeedOrder = Order & { dripFeed: NonNullable<Order['dripFeed']> };

export interface StopDripFeedDialogProps {
  order: DripFeedOrder;
  open: boolean;
  onClose: () => void;
  onStop: () => void;
  stopping: boolean;
  failure: string | null;
  /** Whose balance the refund goes to: "your balance", or the customer's for the admin. */
  balance: string;
}

export function StopDripFeedDialog({ order, open, onClose, onStop, stopping, failure, balance }: StopDripFeedDialogProps) {
  const { runs, runsDone } = order.dripFeed;
  const left = runs - runsDone;
  return (
    <Modal open={open} onClose={onClose} title={`Stop drip-feed #${order.number}?`}>
      <div className="space-y-4 text-sm text-slate-800">
        <p>
          {left === 1 ? '1 run has' : `${left} runs have`} not started: {left} × {formatRupees(runPricePaisa(order))} ={' '}
          <strong>{formatRupees(stopRefundPaisa(order))}</strong> goes back to {balance}.
        </p>
        {runsDone > 0 ? (
          <p>
            {runsDone === 1
              ? 'The run already started continues as an order of its own.'
              : `The ${runsDone} runs already started continue as orders of their own.`}
          </p>
        ) : null}
        <DialogActions failure={failure} onCancel={onClose} cancelLabel="Keep it">
          <Button variant="danger" className="flex-1" loading={stopping} onClick={onStop}>
            Stop drip-feed
          </Button>
        </DialogActions>
      </div>
    </Modal>
  );
}
