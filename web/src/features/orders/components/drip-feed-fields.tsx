// The order form's drip-feed part (a service with `dripfeed`): a switch, then Runs and Interval with the
// shared limits. Off, the order is placed exactly as a plain one.
import { DRIP_FEED_LIMITS } from '@shared/drip-feed';
import { formatNumber } from '@shared/numbers';
import { type ComponentProps, useId } from 'react';
import { TextField } from '@/components/ui/form-field';
import type { OrderFormValues } from '@/features/orders/components/order-services';
import type { UseFormField, UseFormRegister } from '@/lib/form';

export function DripFeedFields({
  register,
  field,
  on,
}: {
  register: UseFormRegister<OrderFormValues>;
  field: UseFormField<OrderFormValues>;
  on: boolean;
}) {
  const hintId = useId();
  const { runs, interval } = DRIP_FEED_LIMITS;
  return (
    <div className="space-y-3 rounded-xl ring-1 ring-slate-200 px-3 py-3">
      <label className="flex items-center justify-between gap-3 text-sm font-medium text-slate-800">
        <span>Drip-feed</span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={hintId}
          className="size-5 accent-brand-600"
          {...register('dripFeed')}
        />
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        Deliver in runs: the quantity you enter arrives once per run, one run every interval.
      </p>
      {on ? (
        <div className="grid grid-cols-2 gap-3">
          <CountField label="Runs" limits={runs} hint={`${runs.min} to ${runs.max}`} {...field('runs', { valueAsNumber: true })} />
          <CountField
            label="Interval (minutes)"
            limits={interval}
            hint={`${interval.min} to ${formatNumber(interval.max)}`}
            {...field('interval', { valueAsNumber: true })}
          />
        </div>
      ) : null}
    </div>
  );
}

/** A whole number within `limits`, typed on the number keypad. */
function CountField({ limits, ...props }: { limits: { min: number; max: number } } & ComponentProps<typeof TextField>) {
  return <TextField type="number" inputMode="numeric" dir="ltr" min={limits.min} max={limits.max} step={1} {...props} />;
}
