// "Stop drip-feed" on the customer's open drip-feed: a confirmation that says what comes back, then the
// stop. Runs already started are orders of their own and go on.
import { toPaisa } from '@shared/money';
import { useState } from 'react';
import { type DripFeedOrder, StopDripFeedControl } from '@/components/orders/stop-drip-feed-dialog';
import { useToast } from '@/components/ui/toasts';
import { useCancelOrder } from '@/features/orders/api/order-actions';
import { ApiError } from '@/lib/api-error';
import { stopRefundPaisa } from '@/lib/drip-feed';
import { formatPaisa } from '@/lib/format';

export function StopDripFeedButton({ order, offline = false }: { order: DripFeedOrder; offline?: boolean }) {
  const [failure, setFailure] = useState<string | null>(null);
  const stop = useCancelOrder();
  const toast = useToast();

  const onStop = async (close: () => void) => {
    setFailure(null);
    try {
      const answer = await stop.mutateAsync(order._id);
      const refunded = answer.order.refund !== undefined ? toPaisa(answer.order.refund) : stopRefundPaisa(order);
      toast.success(`✅ Drip-feed #${order.number} stopped: ${formatPaisa(refunded)} back to your balance`);
      close();
    } catch (error) {
      // The server's word (already finished, a run starting right now…), or no answer: nothing known changed.
      setFailure(error instanceof ApiError ? `❌ ${error.message}` : 'Server error, try again.');
    }
  };

  return (
    <StopDripFeedControl
      label="Stop drip-feed"
      disabled={offline}
      order={order}
      balance="your balance"
      stopping={stop.isPending}
      failure={failure}
      clearFailure={() => setFailure(null)}
      onStop={onStop}
    />
  );
}
