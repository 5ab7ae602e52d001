import { allowedNextStatuses, isFinalStatus, ORDER_STATUSES } from '@shared/order-status';
import type { Order } from '@shared/schemas/orders';
import { useId, useState } from 'react';
import { type DripFeedOrder, StopDripFeedControl } from '@/components/orders/stop-drip-feed-dialog';
import { Button } from '@/components/ui/button';
import { useUpdateOrderStatus } from '@/features/admin/orders/api/update-order-status';
import { toldByServer, useAdminAction, useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';

/**
 * Status dropdown (every status; those the order cannot move to are disabled), remains for partial, Update.
 * A drip-feed only stops (its runs are orders of their own, each with its status): a Stop instead.
 */
export function OrderStatusEditor({ order }: { order: Order }) {
  if (order.dripFeed) return isFinalStatus(order.status) ? null : <StopDripFeed order={{ ...order, dripFeed: order.dripFeed }} />;
  return <StatusDropdown order={order} />;
}

function StopDripFeed({ order }: { order: DripFeedOrder }) {
  const update = useUpdateOrderStatus();
  const { failure, setFailure, run } = useAdminAction();
  return (
    <StopDripFeedControl
      label="Stop"
      order={order}
      balance={`${order.user.email}'s balance`}
      stopping={update.isPending}
      failure={failure}
      clearFailure={() => setFailure(null)}
      onStop={(close) =>
        void run(() => update.mutateAsync({ id: order._id, body: { status: 'cancelled' } }), { done: toldByServer, after: close })
      }
    />
  );
}

function StatusDropdown({ order }: { order: Order }) {
  const id = useId();
  const toasted = useToastedAction();
  const update = useUpdateOrderStatus();
  const [status, setStatus] = useState(order.status);
  const [remains, setRemains] = useState('');
  const final = isFinalStatus(order.status);
  const allowed = allowedNextStatuses(order.status);
  const remainsNumber = Number(remains);
  const remainsValid = Number.isInteger(remainsNumber) && remainsNumber > 0 && remainsNumber < order.quantity;
  const canUpdate = !final && status !== order.status && (status !== 'partial' || remainsValid);

  const onUpdate = () =>
    toasted(
      () => update.mutateAsync({ id: order._id, body: status === 'partial' ? { status, remains: remainsNumber } : { status } }),
      toldByServer,
    );

  return (
    <div className="flex flex-wrap items-center justify-end gap-2 sm:justify-start">
      <label htmlFor={`${id}-status`} className="sr-only">
        Status of order {order.number}
      </label>
      <select
        id={`${id}-status`}
        value={status}
        disabled={final}
        onChange={(event) => setStatus(event.target.value as Order['status'])}
        className="h-9 rounded-lg border-0 bg-white px-2 text-sm capitalize ring-1 ring-slate-300 ring-inset disabled:bg-slate-100"
      >
        {ORDER_STATUSES.map((option) => (
          <option key={option} value={option} disabled={option !== order.status && !allowed.includes(option)}>
            {option}
          </option>
        ))}
      </select>
      {status === 'partial' && !final ? (
        <>
          <label htmlFor={`${id}-remains`} className="sr-only">
            Remains (undelivered) of order {order.number}
          </label>
          <input
            id={`${id}-remains`}
            type="number"
            inputMode="numeric"
            min={1}
            max={order.quantity - 1}
            placeholder="Remains"
            value={remains}
            onChange={(event) => setRemains(event.target.value)}
            className="h-9 w-24 rounded-lg border-0 px-2 text-sm ring-1 ring-slate-300 ring-inset"
          />
        </>
      ) : null}
      <Button size="sm" disabled={!canUpdate} loading={update.isPending} onClick={onUpdate}>
        Update
      </Button>
    </div>
  );
}
