// "Stop drip-feed" on the customer's open drip-feed: a confirmation that says what comes back (the runs
// not started × the run price), then the stop. Runs already started are orders of their own and go on.
import { formatRupees, toPaisa } from '@shared/money';
import type { Order } from '@shared/schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts';
import { useStopDripFeed } from '@/features/orders/api/stop-drip-feed';
import { ApiError } from '@/lib/api-error';
import { runPricePaisa, stopRefundPaisa } from '@/lib/drip-feed';

type DripFeedOrder = Order & { dripFeed: NonNullable<Order['dripFeed']> };

export function StopDripFeedButton({ order }: { order: DripFeedOrder }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stop = useStopDripFeed();
  const toast = useToast();
  const { runs, runsDone } = order.dripFeed;
  const left = runs - runsDone;

  const close = () => {
    setOpen(false);
    setFailure(null);
  };

  const onStop = async () => {
    setFailure(null);
    try {
      const answer = await stop.mutateAsync(order._id);
      const refunded = answer.order.refund !== undefined ? toPaisa(answer.order.refund) : stopRefundPaisa(order);
      toast.success(`✅ Drip-feed #${order.number} stopped: ${formatRupees(refunded)} back to your balance`);
      close();
    } catch (error) {
      // The server's word (already finished, a run starting right now…), or no answer: nothing known changed.
      setFailure(error instanceof ApiError ? `❌ ${error.message}` : 'Server error, try again.');
    }
  };

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Stop drip-feed #${order.number}`}>
        Stop drip-feed
      </Button>
      <Modal open={open} onClose={close} title={`Stop drip-feed #${order.number}?`}>
        <div className="space-y-4 text-sm text-slate-800">
          <p>
            {left === 1 ? '1 run has' : `${left} runs have`} not started: {left} × {formatRupees(runPricePaisa(order))} ={' '}
            <strong data-testid="stop-refund">{formatRupees(stopRefundPaisa(order))}</strong> goes back to your balance.
          </p>
          {runsDone > 0 ? (
            <p>
              {runsDone === 1 ? 'The run already started continues' : `The ${runsDone} runs already started continue`} as{' '}
              {runsDone === 1 ? 'an order' : 'orders'} of {runsDone === 1 ? 'its' : 'their'} own.
            </p>
          ) : null}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={close}>
              Keep it
            </Button>
            <Button variant="danger" className="flex-1" loading={stop.isPending} onClick={onStop}>
              Stop drip-feed
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
