// The fold of services' measured figures (shared/service-figures.ts): the every-minute worker reads the orders that
// ended since its watermark (by `endedAt`, trailing the clock by the reports' LAG_MS so no transaction can still commit
// behind it), keeps per service its newest completed orders and its ended/completed counts per Pakistan day
// (serviceFigures/{serviceId}), and writes the figures they give on the service, where every list reads them at no
// extra read. One page per transaction with the watermark, so a second run (or a retry) counts nothing twice. Reads are
// bounded: a page of orders, the services it touches; services whose figures were counted before today in Pakistan
// (the 30-day window slides at midnight without new orders) are refreshed a few at a time.
import { type DocumentData, FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { logger } from '../../lib/logger';
import { exists, getAllOf, timestampSchema, typedCollection, typedDoc } from '../../lib/typed-collection';
import { SERVICE_ID_PATTERN } from '../../shared/catalogue';
import { ORDER_STATUSES } from '../../shared/order-status';
import { pakistanDayOf, pakistanDayStart } from '../../shared/pakistan-days';
import { daysInWindow, figuresOf, keepRecent, type OrderSample } from '../../shared/service-figures';
import { runInTransaction } from '../kernel/transactions';
import { ordersCollection } from '../orders/orders';
import { LAG_MS } from '../reports/daily-rollups';
import { servicesCollection } from './catalogue';

export const FIGURES_PAGE = 200;
/** What one scheduled run may spend on figures. */
export const FIGURES_BUDGET_MS = 20_000;
/** Figures counted before today in Pakistan are worked out again (the window moved at midnight), this many a run. */
export const REFRESH_PER_RUN = 25;

const sampleSchema = z.object({
  orderId: z.string(),
  quantity: z.number(),
  durationMs: z.number(),
  startMs: z.number(),
  endedMs: z.number(),
});
const sourceDocSchema = z.object({
  recent: z.array(sampleSchema),
  days: z.record(z.string(), z.object({ ended: z.number().int(), completed: z.number().int() })),
});
type SourceDoc = z.infer<typeof sourceDocSchema>;
const stateDocSchema = z.object({ t: timestampSchema.optional(), path: z.string().optional() });
type StateDoc = z.infer<typeof stateDocSchema>;

export const figuresSourceRef = (serviceId: string) => typedCollection('serviceFigures', sourceDocSchema).doc(serviceId);
export const figuresStateRef = () => typedDoc('serviceFiguresFold/state', stateDocSchema);

/** What the fold reads of an order; one without it (or still open) is passed over. */
const endedOrderShape = z.object({
  serviceId: z.string(),
  status: z.enum(ORDER_STATUSES),
  quantity: z.number().int(),
  createdAt: timestampSchema,
  startedAt: timestampSchema.optional(),
  endedAt: timestampSchema,
});
type EndedOrder = z.infer<typeof endedOrderShape>;

/** A completed order's sample; its start is its completion when it never showed in progress (a manual order). */
export function sampleOf(orderId: string, order: EndedOrder): OrderSample {
  const created = order.createdAt.toMillis();
  const ended = order.endedAt.toMillis();
  return {
    orderId,
    quantity: order.quantity,
    durationMs: Math.max(0, ended - created),
    startMs: Math.max(0, (order.startedAt ?? order.endedAt).toMillis() - created),
    endedMs: ended,
  };
}

export interface FiguresResult {
  /** Ended orders counted. */
  orders: number;
  /** Services whose figures were written (a page's, and those refreshed). */
  services: number;
  caughtUp: boolean;
}

/** Folds the orders that ended before now − LAG_MS and refreshes day-old figures; safe to run twice at once. */
export async function foldServiceFigures(nowMs: number, budgetMs = FIGURES_BUDGET_MS, pageSize = FIGURES_PAGE): Promise<FiguresResult> {
  const until = Date.now() + budgetMs;
  const result: FiguresResult = { orders: 0, services: 0, caughtUp: true };
  for (;;) {
    const page = await foldPage(nowMs, pageSize);
    if (page !== 'lost') {
      result.orders += page.orders;
      result.services += page.services;
      if (page.done) break;
    }
    if (Date.now() >= until) {
      result.caughtUp = false;
      return result;
    }
  }
  result.services += await refreshStale(nowMs);
  return result;
}

/** Writes each source kept and its figures on its service, for the services that exist (a deleted one shows none). */
async function writeFigures(tx: Transaction, sources: Map<string, SourceDoc>, nowMs: number, asOfMs: number): Promise<number> {
  const ids = [...sources.keys()];
  const services = ids.length > 0 ? (await getAllOf(tx, ...ids.map((id) => servicesCollection().doc(id)))).filter(exists) : [];
  for (const snap of services) {
    const source = sources.get(snap.id) as SourceDoc;
    const kept = { recent: keepRecent(source.recent), days: daysInWindow(source.days, nowMs) };
    tx.set(figuresSourceRef(snap.id), kept);
    tx.update(snap.ref, { figures: figuresOf(kept, nowMs, asOfMs) });
  }
  return services.length;
}

async function foldPage(nowMs: number, pageSize: number): Promise<{ orders: number; services: number; done: boolean } | 'lost'> {
  const cutoff = Timestamp.fromMillis(nowMs - LAG_MS);
  const start = (await figuresStateRef().get()).data();
  let query = ordersCollection()
    .withConverter<DocumentData>(null)
    .where('endedAt', '<', cutoff)
    .orderBy('endedAt')
    .orderBy(FieldPath.documentId());
  if (start?.t && start.path) query = query.startAfter(start.t, db.doc(start.path));
  const docs = (await query.limit(pageSize).get()).docs;
  const done = docs.length < pageSize;
  const last = docs.at(-1);
  if (!last) return { orders: 0, services: 0, done: true };
  const ended: { id: string; order: EndedOrder }[] = [];
  for (const d of docs) {
    const parsed = endedOrderShape.safeParse(d.data());
    if (!parsed.success) logger.error('Service figures: an ended order passed over', { path: d.ref.path, issue: parsed.error.message });
    // A drip-feed's runs are its orders at the provider; the drip-feed itself lasts as long as its plan says.
    else if (d.get('dripFeed') === undefined && parsed.data.status !== 'pending' && parsed.data.status !== 'processing')
      ended.push({ id: d.id, order: parsed.data });
  }
  const serviceIds = [...new Set(ended.map((e) => e.order.serviceId))].filter((id) => SERVICE_ID_PATTERN.test(id));
  const { value } = await runInTransaction<number | null>(null, async (tx) => {
    const state = (await tx.get(figuresStateRef())).data();
    if (state?.path !== start?.path || state?.t?.toMillis() !== start?.t?.toMillis()) return null;
    const snaps = serviceIds.length > 0 ? await getAllOf(tx, ...serviceIds.map(figuresSourceRef)) : [];
    const sources = new Map(serviceIds.map((id, i) => [id, snaps[i]?.data() ?? { recent: [], days: {} }]));
    for (const { id, order } of ended) {
      const source = sources.get(order.serviceId);
      if (!source) continue;
      const day = pakistanDayOf(order.endedAt.toMillis());
      const count = source.days[day] ?? { ended: 0, completed: 0 };
      source.days[day] = { ended: count.ended + 1, completed: count.completed + (order.status === 'completed' ? 1 : 0) };
      // The newest ones are kept once, when written (writeFigures).
      if (order.status === 'completed' && order.quantity > 0) source.recent = [...source.recent, sampleOf(id, order)];
    }
    const written = await writeFigures(tx, sources, nowMs, cutoff.toMillis());
    tx.set(figuresStateRef(), { t: last.get('endedAt') as Timestamp, path: last.ref.path } satisfies StateDoc);
    return written;
  });
  if (value === null) return 'lost';
  return { orders: ended.length, services: value, done };
}

/** Figures counted before today (Pakistan) worked out again from what is kept: the 30-day window moved at midnight. */
async function refreshStale(nowMs: number): Promise<number> {
  const before = new Date(pakistanDayStart(pakistanDayOf(nowMs))).toISOString();
  const stale = await servicesCollection().where('figures.asOf', '<', before).limit(REFRESH_PER_RUN).get();
  if (stale.empty) return 0;
  const asOfMs = nowMs - LAG_MS;
  const { value } = await runInTransaction<number>(null, async (tx) => {
    const ids = stale.docs.map((d) => d.id);
    const snaps = await getAllOf(tx, ...ids.map(figuresSourceRef));
    const sources = new Map(ids.map((id, i) => [id, snaps[i]?.data() ?? { recent: [], days: {} }]));
    return writeFigures(tx, sources, nowMs, asOfMs);
  });
  return value;
}
