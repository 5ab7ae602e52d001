// The order form's drip-feed part (a service with `dripfeed`): a switch, then Runs and Interval with the
// shared limits. Off, the order is placed exactly as a plain one.
import { DRIP_FEED_LIMITS } from '@shared/drip-feed';
import { formatNumber } from '@shared/numbers';
import { useId } from 'react';
import { TextField } from '@/components/ui/form-field';
import type { OrderFormValues } from '@/features/orders/components/order-services';
import type { FieldErrors, UseFormRegister } from '@/lib/form';

export function DripFeedFields({
  register,
  errors,
  on,
}: {
  register: UseFormRegister<OrderFormValues>;
  errors: FieldErrors<OrderFormValues>;
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
          <TextField
            label="Runs"
            type="number"
            inputMode="numeric"
            min={runs.min}
            max={runs.max}
            step={1}
            hint={`${runs.min} to ${runs.max}`}
            error={errors.runs?.message}
            {...register('runs', { valueAsNumber: true })}
          />
          <TextField
            label="Interval (minutes)"
            type="number"
            inputMode="numeric"
            min={interval.min}
            max={interval.max}
            step={1}
            hint={`${interval.min} to ${formatNumber(interval.max)}`}
            error={errors.interval?.message}
            {...register('interval', { valueAsNumber: true })}
          />
        </div>
      ) : null}
    </div>
  );
}
