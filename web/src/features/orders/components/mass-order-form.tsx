// The Mass Order screen's working part: the lines, their live preview against the catalogue and the
// balance, and the batch sent one line at a time, each line its own order with its own key.
import type { Service } from '@shared/answers';
import { type Paisa, toRupees } from '@shared/money';
import { formatNumber } from '@shared/numbers';
import { PLATFORM_LABELS } from '@shared/platforms';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { OfflineReason } from '@/components/pwa/offline-reason';
import { ListPrice } from '@/components/services/list-price';
import { Button } from '@/components/ui/button';
import { FormAlert, TextAreaField } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { servicesKey, useServices } from '@/features/orders/api/get-services';
import { usePlaceOrder } from '@/features/orders/api/place-order';
import { InsufficientBalance } from '@/features/orders/components/order-services';
import { ServicesLoadError } from '@/features/orders/components/services-load-error';
import {
  lineIdempotencyKey,
  loadPendingBatch,
  MASS_ORDER_MAX_LINES,
  type MassLine,
  type PendingBatch,
  parseMassOrder,
  savePendingBatch,
} from '@/features/orders/mass-order';
import { isShort, orderTotalPaisa } from '@/features/orders/pricing';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { formatAmount, formatPaisa } from '@/lib/format';
import { isDefiniteFailure } from '@/lib/idempotency';
import { useOnline } from '@/lib/network';

/** What a line would cost at the list price, where the customer's own differs (issue 34): shown struck through. */
/** The line's total at the list rate, where it is more than the customer's (at a small quantity both may round alike). */
function listPrice(service: Service, quantity: number, pricePaisa: number): number | undefined {
  const paisa = service.listRatePer1000 === undefined ? null : orderTotalPaisa(service.listRatePer1000, quantity);
  return paisa === null || paisa <= pricePaisa ? undefined : toRupees(paisa);
}

type Outcome =
  | { kind: 'placed'; orderNumber: number; price: number }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown' }
  | { kind: 'invalid'; message: string };

interface LineResult {
  lineNo: number;
  content: string;
  outcome: Outcome;
}

const sameLine = (a: { lineNo: number; content: string }, b: { lineNo: number; content: string }) =>
  a.lineNo === b.lineNo && a.content === b.content;

/** The text without the lines placed: what is left to fix or send in a new batch. */
function withoutPlaced(text: string, results: readonly LineResult[]): string {
  return text
    .split('\n')
    .filter((raw, index) => !results.some((r) => r.outcome.kind === 'placed' && sameLine(r, { lineNo: index + 1, content: raw.trim() })))
    .join('\n')
    .trim();
}

export interface MassOrderFormProps {
  /** The signed-in user's balance in rupees; undefined while it loads (or when it could not be loaded). */
  balance: number | undefined;
  /** The account is blocked (the page says why): no order can be placed. */
  suspended?: boolean;
}

export function MassOrderForm({ balance, suspended = false }: MassOrderFormProps) {
  // A batch sent but not every line answered (a lost answer, a reload): its key and text come back,
  // so sending it again reuses every line's key.
  const uid = useAuth().user?.uid ?? 'anonymous';
  const [pending, setPending] = useState<PendingBatch | null>(() => loadPendingBatch(uid));
  const [text, setText] = useState(() => pending?.text ?? '');
  const [results, setResults] = useState<LineResult[]>([]);
  const [sending, setSending] = useState(false);
  const services = useServices();
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  const online = useOnline();
  const offlineReasonId = useId();
  const limitId = useId();

  const lines = useMemo(() => parseMassOrder(text, services.data?.services ?? []), [text, services.data]);
  const placed = (line: MassLine) => results.some((r) => r.outcome.kind === 'placed' && sameLine(r, line));
  const toSend = lines.filter((line): line is Extract<MassLine, { ok: true }> => line.ok && !placed(line));
  const totalPaisa = toSend.reduce((sum, line) => sum + line.pricePaisa, 0) as Paisa;
  const short = balance !== undefined && isShort(balance, totalPaisa);
  const tooMany = lines.length > MASS_ORDER_MAX_LINES;
  // A batch still pending may already have been charged for the lines it sends again (their answers
  // were lost), so only a new batch is held back by the balance.
  const blocked = tooMany || toSend.length === 0 || (short && !pending) || balance === undefined || !services.data;

  const setOutcome = (line: MassLine, outcome: Outcome) =>
    setResults((current) => {
      const others = current.filter((r) => !sameLine(r, line));
      return [...others, { lineNo: line.lineNo, content: line.content, outcome }].sort((a, b) => a.lineNo - b.lineNo);
    });

  const submit = async () => {
    if (blocked || sending || suspended || !online) return;
    const batch = pending ?? { key: crypto.randomUUID(), text };
    savePendingBatch(uid, batch);
    setPending(batch);
    setSending(true);
    const outcomes: LineResult[] = results.filter((r) => r.outcome.kind === 'placed');
    for (const line of lines)
      if (!line.ok) outcomes.push({ lineNo: line.lineNo, content: line.content, outcome: { kind: 'invalid', message: line.error } });
    // One line at a time: a line's order never waits on a contended balance behind its neighbours.
    for (const line of toSend) {
      const body = { serviceId: line.service._id, link: line.link, quantity: line.quantity, price: toRupees(line.pricePaisa) };
      let outcome: Outcome;
      try {
        const answer = await placeOrder.mutateAsync({ body, idempotencyKey: lineIdempotencyKey(batch.key, line) });
        outcome = { kind: 'placed', orderNumber: answer.order.number, price: answer.order.price };
      } catch (error) {
        if (error instanceof ApiError && isDefiniteFailure(error)) {
          if (error.code === 'price_changed') void queryClient.invalidateQueries({ queryKey: servicesKey });
          outcome = { kind: 'refused', message: error.message };
        } else {
          outcome = { kind: 'unknown' };
        }
      }
      outcomes.push({ lineNo: line.lineNo, content: line.content, outcome });
      setOutcome(line, outcome);
    }
    outcomes.sort((a, b) => a.lineNo - b.lineNo);
    setResults(outcomes);
    setSending(false);
    // Every line answered: the batch is done; its placed lines leave the box, so sending what is left
    // (fixed or not) is a new batch that cannot place them again.
    if (!outcomes.some((r) => r.outcome.kind === 'unknown')) finish(outcomes);
  };

  const finish = (outcomes: readonly LineResult[]) => {
    savePendingBatch(uid, null);
    setPending(null);
    setText(withoutPlaced(pending?.text ?? text, outcomes));
  };

  const placedCount = results.filter((r) => r.outcome.kind === 'placed').length;
  const unanswered = results.some((r) => r.outcome.kind === 'unknown');

  return (
    <div className="grid gap-5 lg:grid-cols-5">
      <section aria-labelledby="mass-lines-heading" className="min-w-0 space-y-4 lg:col-span-3">
        <h2 id="mass-lines-heading" className="text-base font-bold text-slate-900">
          Your orders
        </h2>
        <TextAreaField
          label="Orders, one per line"
          hint={
            <>
              service ID | link | quantity (or service ID | quantity | link). At most {MASS_ORDER_MAX_LINES} lines per batch. Find each
              service's ID on the{' '}
              <Link to={paths.services.getHref()} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                Services
              </Link>{' '}
              page.
            </>
          }
          rows={8}
          dir="ltr"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          className="font-mono text-xs sm:text-sm"
          placeholder={'101 | https://www.tiktok.com/@yourname | 1000\n121 | 5000 | https://www.tiktok.com/@yourname/video/123'}
          value={text}
          readOnly={pending !== null}
          onChange={(event) => setText(event.target.value)}
        />
        {tooMany ? (
          <p id={limitId} role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
            {`${lines.length} lines: at most ${MASS_ORDER_MAX_LINES} per batch. Send the rest in another batch.`}
          </p>
        ) : null}
        {services.isError ? (
          <ServicesLoadError retrying={services.isFetching} onRetry={() => void services.refetch()} />
        ) : !services.data ? (
          <LoadingBlock />
        ) : lines.length > 0 ? (
          <ol aria-label="Preview" className="divide-y divide-slate-100 rounded-2xl bg-white text-sm ring-1 ring-slate-200">
            {lines.map((line) => (
              <li key={line.lineNo} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="me-2 text-slate-500 tabular-nums">Line {line.lineNo}</span>
                  <span className="font-medium wrap-anywhere text-slate-900">
                    {line.service ? `${PLATFORM_LABELS[line.service.platform]} ${line.service.category} · ${line.service.name}` : '—'}
                  </span>
                </span>
                {line.ok ? (
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {placed(line) ? 'Placed' : `${formatNumber(line.quantity)} · ${formatPaisa(line.pricePaisa)}`}
                    {placed(line) ? null : <ListPrice rupees={listPrice(line.service, line.quantity, line.pricePaisa)} className="ms-1" />}
                  </span>
                ) : (
                  <span className="basis-full font-medium text-red-700">{line.error}</span>
                )}
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      <section aria-labelledby="mass-submit-heading" className="min-w-0 space-y-4 lg:col-span-2">
        <h2 id="mass-submit-heading" className="sr-only">
          Total and results
        </h2>
        <dl className="space-y-1 rounded-xl bg-brand-50 px-3 py-3 text-sm">
          <div className="flex items-center justify-between">
            <dt className="text-slate-700">{`Total (${toSend.length} ${toSend.length === 1 ? 'order' : 'orders'})`}</dt>
            <dd className="text-lg font-extrabold text-slate-900 tabular-nums" data-testid="mass-total">
              {formatPaisa(totalPaisa)}
            </dd>
          </div>
          <div className="flex items-center justify-between">
            <dt className="text-slate-700">Your balance</dt>
            <dd className={`font-semibold tabular-nums ${short ? 'text-red-700' : 'text-slate-900'}`} data-testid="mass-balance">
              {balance !== undefined ? formatAmount(balance) : '…'}
            </dd>
          </div>
        </dl>
        {short && !sending ? <InsufficientBalance /> : null}
        {pending && !sending ? (
          <FormAlert tone="info">
            {unanswered || results.length === 0
              ? 'Some lines got no answer, so they may or may not have been placed. Submit again: no line is placed twice. (A new batch would send them anew: check your orders first.)'
              : 'This batch is not finished yet. Submit again: no line is placed twice.'}
          </FormAlert>
        ) : null}
        <Button
          type="button"
          block
          size="lg"
          loading={sending}
          disabled={!online || suspended || blocked}
          aria-describedby={online ? (tooMany ? limitId : undefined) : offlineReasonId}
          onClick={() => void submit()}
        >
          {sending
            ? 'Placing orders…'
            : pending
              ? 'Submit Again'
              : toSend.length === 0
                ? 'Place Orders'
                : `Place ${toSend.length} ${toSend.length === 1 ? 'Order' : 'Orders'}`}
        </Button>
        {pending && !sending ? (
          <Button type="button" block variant="secondary" onClick={() => finish(results)}>
            Start a New Batch
          </Button>
        ) : null}
        {online ? null : (
          <OfflineReason id={offlineReasonId}>You are offline. Orders can be placed again once you are back online.</OfflineReason>
        )}
        {suspended ? <p className="text-sm font-medium text-red-800">Your account is suspended, so orders cannot be placed.</p> : null}

        {results.length > 0 ? (
          <section aria-labelledby="mass-results-heading" className="space-y-2">
            <h3 id="mass-results-heading" className="text-sm font-semibold text-slate-800">
              {`Results: ${placedCount} placed`}
            </h3>
            <ol
              aria-label="Results"
              className="divide-y divide-slate-100 rounded-2xl bg-white text-sm ring-1 ring-slate-200"
              aria-live="polite"
            >
              {results.map((r) => (
                <li key={`${r.lineNo}:${r.content}`} className="px-3 py-2">
                  <span className="me-2 text-slate-500 tabular-nums">Line {r.lineNo}</span>
                  {r.outcome.kind === 'placed' ? (
                    <span className="font-semibold text-emerald-800">{`✅ Order ${r.outcome.orderNumber} · ${formatAmount(r.outcome.price)}`}</span>
                  ) : r.outcome.kind === 'unknown' ? (
                    <span className="font-medium text-amber-800">No answer: submit again</span>
                  ) : r.outcome.kind === 'refused' ? (
                    <span className="font-medium text-red-700">{`❌ ${r.outcome.message}`}</span>
                  ) : (
                    <span className="font-medium text-red-700">{`Not sent: ${r.outcome.message}`}</span>
                  )}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </section>
    </div>
  );
}
