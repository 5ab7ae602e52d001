// The Order Services screen's working part: platform, service groups, the order form with its live
// total, the balance check before any call, and the result modal.

import type { Service } from '@shared/answers';
import { COMMENT_LIMITS, commentLines, commentsIssue, takesComments } from '@shared/comments';
import { dripFeedIntervalSchema, dripFeedPrice, dripFeedRunsSchema } from '@shared/drip-feed';
import { type Paisa, toPaisa, toRupees } from '@shared/money';
import { formatNumber } from '@shared/numbers';
import { canonicalLink, isAccountLevel, MAX_LINK_LENGTH, PLATFORM_HOSTS, PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { quantitySchema, text } from '@shared/schemas/fields';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod/mini';
import { OfflineReason } from '@/components/pwa/offline-reason';
import { ListPrice } from '@/components/services/list-price';
import { ServiceFacts } from '@/components/services/service-facts';
import { Button, buttonClass } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { servicesKey, useServices } from '@/features/orders/api/get-services';
import { usePlaceOrder } from '@/features/orders/api/place-order';
import { DripFeedFields } from '@/features/orders/components/drip-feed-fields';
import { type OrderResult, OrderResultModal } from '@/features/orders/components/order-result-modal';
import { PlatformSelector } from '@/features/orders/components/platform-selector';
import { ServiceGroups, ServiceGroupsSkeleton } from '@/features/orders/components/service-groups';
import { ServicesLoadError } from '@/features/orders/components/services-load-error';
import { isShort, orderTotalPaisa } from '@/features/orders/pricing';
import { ApiError } from '@/lib/api-error';
import { deliverySpanMinutes, formatMinutes } from '@/lib/drip-feed';
import { useForm } from '@/lib/form';
import { formatAmount, formatPaisa } from '@/lib/format';
import { isDefiniteFailure, useIdempotencyKey } from '@/lib/idempotency';
import { useOnline } from '@/lib/network';
import { readOrderPreset } from '@/lib/order-preset';
import { offerPushOptIn } from '@/lib/push-opt-in';

export const INSUFFICIENT_BALANCE = '❌ Insufficient Balance';

/** The balance does not cover the order(s): said, with the way to top it up (the dashboard's recharge form). */
export function InsufficientBalance() {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm font-semibold text-red-800"
    >
      <p>{INSUFFICIENT_BALANCE}</p>
      <Link to={paths.dashboard.getHref({ recharge: true })} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        Recharge
      </Link>
    </div>
  );
}

export interface OrderFormValues {
  link: string;
  quantity: number;
  /** A Custom Comments service's comments, one per line: their count is the quantity. */
  comments: string;
  /** Drip-feed switched on (a service with `dripfeed`): `quantity` is then each run's. */
  dripFeed: boolean;
  runs: number;
  /** Minutes between two runs. */
  interval: number;
}

const EMPTY_FORM: OrderFormValues = {
  link: '',
  quantity: Number.NaN,
  comments: '',
  dripFeed: false,
  runs: Number.NaN,
  interval: Number.NaN,
};

const linkField = text({ error: 'Link is required' }).check(
  z.trim(),
  z.minLength(1, 'Link is required'),
  z.maxLength(MAX_LINK_LENGTH, 'Link is too long'),
);

/** The quantity an order asks for: a Custom Comments service's count of comments, else the quantity typed. */
export const orderQuantity = (service: Service | null, values: { quantity: number; comments: string }) =>
  service && takesComments(service) ? commentLines(values.comments).length : values.quantity;

/** Whether the customer may drip-feed the service (the server refuses it for Custom Comments). */
export const offersDripFeed = (service: Service | null): service is Service =>
  service !== null && service.dripfeed === true && !takesComments(service);

/** The drip-feed asked for: the switch on for a service that offers it; otherwise none (a plain order). */
const dripFeedOf = (service: Service | null, values: Pick<OrderFormValues, 'dripFeed' | 'runs' | 'interval'>) =>
  offersDripFeed(service) && values.dripFeed ? { runs: values.runs, interval: values.interval } : null;

/**
 * The order's total in paisa, as the server prices it: a drip-feed is its run's price × runs
 * (dripFeedPrice), anything else the pricing rule on the quantity; null while a number is missing.
 */
export function orderTotal(service: Service, quantity: number, dripFeed: { runs: number } | null): Paisa | null {
  if (!dripFeed) return orderTotalPaisa(service.ratePer1000, quantity);
  if (orderTotalPaisa(service.ratePer1000, quantity) === null || !Number.isSafeInteger(dripFeed.runs) || dripFeed.runs <= 0) return null;
  return dripFeedPrice(toPaisa(service.ratePer1000), quantity, dripFeed.runs);
}

/**
 * The form's rules: a link the shared canonicalLink reads for the service (as API v2 does: no scheme
 * needed, a bare @username for followers), the quantity and comments rules and the service's min/max.
 */
export function orderFormSchema(service: Service | null) {
  const withComments = service !== null && takesComments(service);
  // The quantity field is not shown for a Custom Comments service: its count of comments stands in.
  const quantity = withComments ? z.union([z.number(), z.nan()]) : quantitySchema;
  const numberOrEmpty = z.union([z.number(), z.nan()]);
  return z
    .object({
      link: linkField,
      quantity,
      comments: z.string(),
      dripFeed: z.boolean(),
      runs: numberOrEmpty,
      interval: numberOrEmpty,
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!service) return;
        if (dripFeedOf(service, values)) {
          // The shared rules and messages, the ones the server applies.
          for (const [field, schema] of [
            ['runs', dripFeedRunsSchema],
            ['interval', dripFeedIntervalSchema],
          ] as const) {
            const issue = schema.safeParse(values[field]).error?.issues[0];
            if (issue) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
          }
        }
        if (canonicalLink(service, values.link) === null) {
          const hosts = PLATFORM_HOSTS[service.platform].join(', ');
          ctx.addIssue({
            code: 'custom',
            path: ['link'],
            message: `Enter a ${PLATFORM_LABELS[service.platform]} link (${hosts})${isAccountLevel(service) ? ' or @username' : ''}`,
          });
        }
        const field = withComments ? 'comments' : 'quantity';
        if (withComments) {
          const issue = commentsIssue(values.comments, commentLines(values.comments));
          if (issue) return ctx.addIssue({ code: 'custom', path: [field], message: issue });
        }
        const count = orderQuantity(service, values);
        if (count < service.min || count > service.max) {
          const noun = withComments ? 'Comments' : 'Quantity';
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `${noun} must be between ${formatNumber(service.min)} and ${formatNumber(service.max)}`,
          });
        }
      }),
    );
}

function parsePreset(search: URLSearchParams): { platform: Platform; category: string | null; service: string | null } {
  const preset = readOrderPreset(search);
  // Any category name: the group of that name opens if the platform has one.
  return { platform: preset.platform ?? 'tiktok', category: preset.category ?? null, service: preset.service ?? null };
}

export interface OrderServicesProps {
  /** The signed-in user's balance in rupees; undefined while it loads (or when it could not be loaded). */
  balance: number | undefined;
  /** Loading the balance failed: ordering waits for it, and the user can try again. */
  balanceFailed?: { retry: () => void } | undefined;
  search?: URLSearchParams;
  /** The account is blocked (the page says why): no order can be placed. */
  suspended?: boolean;
}

export function OrderServices({ balance, balanceFailed, search = new URLSearchParams(), suspended = false }: OrderServicesProps) {
  const [preset] = useState(() => parsePreset(search));
  const [platform, setPlatform] = useState<Platform>(preset.platform);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set(preset.category ? [preset.category] : []));
  // Only the id is kept: the service itself (its rate above all) always comes from the latest list, so a
  // price change answered with 409 shows the new price once the list is refetched.
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [insufficient, setInsufficient] = useState(false);
  const [result, setResult] = useState<OrderResult | null>(null);
  // What was placed last, for the success's Order again: the same service and form (link, quantity, comments,
  // drip-feed), to send anew.
  const [placed, setPlaced] = useState<{ serviceId: string; values: OrderFormValues } | null>(null);
  const services = useServices();
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  const { send } = useIdempotencyKey();
  const online = useOnline();
  const offlineReasonId = useId();
  const suspendedId = useId();

  const platformServices = useMemo(() => (services.data?.services ?? []).filter((s) => s.platform === platform), [services.data, platform]);
  const categories = services.data?.categories[platform] ?? [];
  const service = platformServices.find((s) => s._id === serviceId) ?? null;

  // The form takes its options anew on every render, so the schema follows the chosen service.
  const schema = useMemo(() => orderFormSchema(service), [service]);
  const { register, field, handleSubmit, reset, setValue, watch } = useForm<OrderFormValues>({ schema, defaultValues: EMPTY_FORM });

  // `?service=`: chosen for the customer once the list is there (its platform and group opened), once.
  const presetApplied = useRef(false);
  // A link naming a service not on sale (disabled since, or mistyped) says so instead of choosing nothing silently.
  const [presetMissing, setPresetMissing] = useState(false);
  useEffect(() => {
    if (presetApplied.current || !preset.service || !services.data) return;
    presetApplied.current = true;
    const chosen = services.data.services.find((s) => s._id === preset.service);
    setPresetMissing(!chosen);
    if (!chosen) return;
    setPlatform(chosen.platform);
    setOpenGroups(new Set([chosen.category]));
    setServiceId(chosen._id);
    setInsufficient(false);
    setValue('quantity', chosen.defaultQuantity);
    setValue('dripFeed', false);
  }, [preset.service, services.data, setValue]);

  const withComments = service !== null && takesComments(service);
  const commentCount = commentLines(watch('comments')).length;
  const quantity = withComments ? commentCount : watch('quantity');
  // The link the order is placed for, shown while it differs from what was typed (`@user` → its profile).
  const typedLink = watch('link');
  const orderedLink = service && typedLink ? canonicalLink(service, typedLink) : null;
  const dripFeed = dripFeedOf(service, { dripFeed: watch('dripFeed'), runs: watch('runs'), interval: watch('interval') });
  const totalPaisa = service ? orderTotal(service, quantity, dripFeed) : null;
  const runsValid = dripFeed !== null && dripFeedRunsSchema.safeParse(dripFeed.runs).success;
  const intervalValid = dripFeed !== null && dripFeedIntervalSchema.safeParse(dripFeed.interval).success;
  const short = totalPaisa !== null && balance !== undefined && isShort(balance, totalPaisa);
  const submitting = placeOrder.isPending;

  const choosePlatform = (next: Platform) => {
    // The customer's own choice: a link's service is not chosen over it once the list arrives.
    presetApplied.current = true;
    if (next === platform) return;
    setPlatform(next);
    setServiceId(null);
    setOpenGroups(new Set());
    setInsufficient(false);
  };

  const toggleGroup = (category: string) =>
    setOpenGroups((groups) => {
      const next = new Set(groups);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });

  const chooseService = (next: Service) => {
    presetApplied.current = true;
    setServiceId(next._id);
    setInsufficient(false);
    setValue('quantity', next.defaultQuantity);
    // Each service starts as a plain order: drip-feed is the customer's choice for that service.
    setValue('dripFeed', false);
  };

  /** The last order's service chosen again, its form filled in as it was sent: the customer checks and sends. */
  const orderAgain = () => {
    setResult(null);
    const again = placed && services.data?.services.find((s) => s._id === placed.serviceId);
    if (!placed || !again) return;
    setPlatform(again.platform);
    setOpenGroups(new Set([again.category]));
    chooseService(again);
    reset(placed.values);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!service || submitting || !online) return;
    const qty = orderQuantity(service, values);
    const drip = dripFeedOf(service, values);
    const total = orderTotal(service, qty, drip);
    if (total === null || balance === undefined) return;
    if (isShort(balance, total)) {
      setInsufficient(true);
      return;
    }
    setInsufficient(false);
    const body = {
      serviceId: service._id,
      link: canonicalLink(service, values.link) ?? values.link.trim(),
      quantity: qty,
      price: toRupees(total),
      ...(takesComments(service) ? { comments: commentLines(values.comments).join('\n') } : {}),
      // `quantity` is then each run's and `price` the total of every run.
      ...(drip ? { runs: drip.runs, interval: drip.interval } : {}),
    };
    try {
      const answer = await send(body, (idempotencyKey) => placeOrder.mutateAsync({ body, idempotencyKey }));
      setResult({
        kind: 'success',
        orderNumber: answer.order.number,
        link: answer.order.link,
        price: answer.order.price,
        balance: answer.balance,
      });
      setPlaced({ serviceId: service._id, values });
      reset(EMPTY_FORM);
      setServiceId(null);
      offerPushOptIn('order');
    } catch (error) {
      if (error instanceof ApiError && isDefiniteFailure(error)) {
        // The service changed under the form (its price, or drip-feed no longer offered): show it as it is now.
        if (error.code === 'price_changed' || error.code === 'dripfeed_unavailable') {
          void queryClient.invalidateQueries({ queryKey: servicesKey });
        }
        setResult({ kind: 'failure', message: `❌ ${error.message}` });
      } else {
        // No answer, or one that does not say whether the order was placed: the same attempt (and
        // Idempotency-Key) is reused if the user retries.
        setResult({ kind: 'failure', message: 'Server error, try again.' });
      }
    }
  });

  return (
    <div className="space-y-5">
      <PlatformSelector value={platform} onChange={choosePlatform} />

      <div className="grid gap-5 lg:grid-cols-5">
        <section aria-labelledby="services-heading" className="lg:col-span-3">
          <h2 id="services-heading" className="mb-2 text-sm font-semibold text-slate-800">
            {PLATFORM_LABELS[platform]} services
          </h2>
          {services.isError ? (
            <ServicesLoadError retrying={services.isFetching} onRetry={() => void services.refetch()} className="mb-3" />
          ) : null}
          {!services.data ? (
            services.isError ? null : (
              <ServiceGroupsSkeleton />
            )
          ) : platformServices.length === 0 ? (
            <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
              No {PLATFORM_LABELS[platform]} services are available right now.
            </p>
          ) : (
            <ServiceGroups
              services={platformServices}
              categories={categories}
              openGroups={openGroups}
              onToggleGroup={toggleGroup}
              selectedId={service?._id ?? null}
              onSelect={chooseService}
            />
          )}
        </section>

        <section aria-labelledby="order-form-heading" className="lg:col-span-2">
          <form
            onSubmit={onSubmit}
            noValidate
            className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5 lg:sticky lg:top-20"
          >
            <h2 id="order-form-heading" className="text-base font-bold text-slate-900">
              Your order
            </h2>
            <div className="rounded-xl bg-slate-50 px-3 py-2.5 text-sm" aria-live="polite">
              {service ? (
                <>
                  <span className="block font-semibold text-slate-900">
                    {PLATFORM_LABELS[service.platform]} {service.category} · {service.name}
                  </span>
                  <span className="text-slate-600">
                    {service.number !== undefined ? `ID ${service.number} · ` : ''}
                    {formatAmount(service.ratePer1000)}
                    <ListPrice rupees={service.listRatePer1000} className="ms-1" /> per 1000 · min {formatNumber(service.min)} · max{' '}
                    {formatNumber(service.max)}
                  </span>
                  <ServiceFacts service={service} className="mt-2" />
                </>
              ) : (
                <span className="text-slate-600">
                  {presetMissing ? 'The service you chose is not on sale any more. ' : ''}Choose a service from the list.
                </span>
              )}
            </div>
            <TextField
              label="Link"
              type="text"
              inputMode="url"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={
                service && isAccountLevel(service)
                  ? `@username or ${PLATFORM_HOSTS[platform][0]}/...`
                  : `https://www.${PLATFORM_HOSTS[platform][0]}/...`
              }
              hint={orderedLink && orderedLink !== typedLink.trim() ? `Orders for ${orderedLink}` : undefined}
              {...field('link')}
            />
            {withComments ? (
              <TextAreaField
                label="Comments (one per line)"
                rows={6}
                maxLength={COMMENT_LIMITS.total}
                placeholder={'Great video!\nZabardast 👍'}
                hint={`${formatNumber(commentCount)} ${commentCount === 1 ? 'comment' : 'comments'} · min ${formatNumber(service.min)}, max ${formatNumber(service.max)}`}
                {...field('comments')}
              />
            ) : (
              <TextField
                label={dripFeed ? 'Quantity per run' : 'Quantity'}
                type="number"
                inputMode="numeric"
                dir="ltr"
                min={service?.min}
                max={service?.max}
                step={1}
                hint={service ? `Min ${formatNumber(service.min)}, max ${formatNumber(service.max)}` : undefined}
                {...field('quantity', { valueAsNumber: true })}
              />
            )}
            {offersDripFeed(service) ? <DripFeedFields register={register} field={field} on={dripFeed !== null} /> : null}
            <dl className="space-y-1 rounded-xl bg-brand-50 px-3 py-3 text-sm">
              {dripFeed ? (
                <>
                  <div className="flex items-center justify-between">
                    <dt className="text-slate-700">Total quantity</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums" data-testid="drip-feed-total-quantity">
                      {runsValid && Number.isSafeInteger(quantity) && quantity > 0 ? formatNumber(quantity * dripFeed.runs) : '—'}
                    </dd>
                  </div>
                  <div className="flex items-center justify-between">
                    <dt className="text-slate-700">Delivered over</dt>
                    <dd className="font-semibold text-slate-900" data-testid="drip-feed-span">
                      {runsValid && intervalValid ? `about ${formatMinutes(deliverySpanMinutes(dripFeed.runs, dripFeed.interval))}` : '—'}
                    </dd>
                  </div>
                </>
              ) : null}
              <div className="flex items-center justify-between">
                <dt className="text-slate-700">Total price</dt>
                <dd className="text-lg font-extrabold text-slate-900 tabular-nums" data-testid="order-total">
                  {formatPaisa(totalPaisa ?? 0)}
                </dd>
              </div>
              {dripFeed && totalPaisa !== null ? (
                <p className="text-end text-xs text-slate-600">
                  {formatPaisa(totalPaisa / dripFeed.runs)} a run × {dripFeed.runs} runs, paid now; runs not started are refunded if you
                  stop it
                </p>
              ) : null}
              <div className="flex items-center justify-between">
                <dt className="text-slate-700">Your balance</dt>
                <dd className={`font-semibold tabular-nums ${short ? 'text-red-700' : 'text-slate-900'}`}>
                  {balance !== undefined ? formatAmount(balance) : balanceFailed ? 'unavailable' : '…'}
                </dd>
              </div>
            </dl>
            {balance === undefined && balanceFailed ? (
              <div role="alert" className="space-y-2 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                <p>Your balance could not be loaded, so orders wait for it. Check your connection and try again.</p>
                <Button variant="secondary" size="sm" onClick={balanceFailed.retry}>
                  Try again
                </Button>
              </div>
            ) : null}
            {insufficient || short ? <InsufficientBalance /> : null}
            <Button
              type="submit"
              block
              size="lg"
              loading={submitting}
              disabled={!online || suspended || !service || balance === undefined}
              aria-describedby={online ? (suspended ? suspendedId : undefined) : offlineReasonId}
            >
              {submitting ? 'Placing order…' : 'Place Order'}
            </Button>
            {online ? null : (
              <OfflineReason id={offlineReasonId}>You are offline. Orders can be placed again once you are back online.</OfflineReason>
            )}
            {suspended ? (
              <p id={suspendedId} className="text-sm font-medium text-red-800">
                Your account is suspended, so orders cannot be placed.
              </p>
            ) : null}
          </form>
        </section>
      </div>

      <OrderResultModal result={result} onClose={() => setResult(null)} onOrderAgain={orderAgain} />
    </div>
  );
}
