// An order's fulfilment at its provider (decision record 0008), in orderFulfilment/{orderId}: what
// placement writes, and how the admin sees it. Not on the order, which its customer may read from
// Firestore: the provider, our cost and the provider's order id are admins' facts (as serviceProviders). The workers (workers/forward.ts) and the admin's
// Resend and Mark sent move it; money never moves here (only updateOrderStatus moves an order's money).
import { type Timestamp, Timestamp as TimestampValue } from 'firebase-admin/firestore';
import { z } from 'zod';
import { paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { FULFILMENT_STATES, UPSTREAM_CANCEL_STATES } from '../../shared/fulfilment';
import { toRupees } from '../../shared/money';
import { type Fulfilment, providerCostPaisa } from '../../shared/providers';
import { leaseSchema } from '../kernel/lease';
import type { ProviderDoc, ServiceLinkDoc } from '../providers/provider-store';

const fulfilmentStateSchema = z.enum(FULFILMENT_STATES);

/** Where an attempt stands: its state, the provider, and the provider's order id or its refusal. */
const attemptFields = {
  state: fulfilmentStateSchema,
  providerId: z.string().optional(),
  providerOrderId: z.string().optional(),
  /** The provider's refusal (`failed`) or why the answer is unknown. */
  error: z.string().optional(),
};

/** What the provider last reported of an order's delivery (status sync): its start count and what remains. */
export const progressFields = { startCount: z.number().int().optional(), remains: z.number().int().optional() };

/** One earlier attempt, kept when the admin resends (and a late answer of one). */
const attemptRecordSchema = z.object({ attempt: z.number().int(), ...attemptFields, at: timestampSchema });
export type AttemptRecord = z.infer<typeof attemptRecordSchema>;

const closedWithoutProviderSchema = z.object({
  at: timestampSchema,
  /** The admin's email and uid. */
  by: z.string(),
  byUid: z.string(),
  reason: z.string(),
});
export type ClosedWithoutProvider = z.infer<typeof closedWithoutProviderSchema>;

export const fulfilmentDocSchema = z.object({
  ...attemptFields,
  /**
   * While the order is not final: what the admin's lists by state and the providers' counts take (a
   * failed order the admin cancelled is no longer one to act on). Absent on documents written before it,
   * and after a Resend to the same provider (which rewrites the document without it).
   */
  open: z.boolean().optional(),
  /** The order's placement time: the admin's lists by state are newest first by it. */
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  providerServiceId: z.string().optional(),
  /** Our cost of the whole order in paisa and the provider's rate to PKR used, frozen at placement (or a resend to another link). */
  costPaisa: paisaSchema.optional(),
  rateToPkr: z.number().optional(),
  /** `add` calls claimed so far (0 while queued the first time). */
  attempt: z.number().int().optional(),
  /** When it became queued (a placement or a Resend). */
  queuedAt: timestampSchema.optional(),
  /**
   * When the sweeper next tries it (oldest first): a minute after it was queued (its trigger was lost),
   * then every few minutes while it waits (provider disabled or short of funds), so waiting orders take
   * turns instead of holding the sweep's batch. Absent: nothing to try (an order no longer pending).
   */
  sweepAt: timestampSchema.optional(),
  /** Held while `sending`: only the holder of `token` records the answer; `until` passed → `unknown`. */
  lease: leaseSchema.optional(),
  /** Why a queued order waits (provider disabled, its balance under the cost, the order no longer pending). */
  reason: z.string().optional(),
  /** When the status sync next asks the provider about it (sent orders only). */
  syncDueAt: timestampSchema.optional(),
  /** When it became `failed` (the automatic refund's clock); removed once that refund has dealt with it. */
  failedAt: timestampSchema.optional(),
  /** Held by the automatic refund between its claim and the cancel: Resend and Mark sent wait for it. */
  refundLease: leaseSchema.optional(),
  /** When the automatic refund cancelled it. */
  refundedAt: timestampSchema.optional(),
  ...progressFields,
  flag: z.string().optional(),
  history: z.array(attemptRecordSchema).optional(),
  /** The last cancellation asked of the provider (a sent order; see cancel-at-provider.ts). */
  cancel: z.object({ state: z.enum(UPSTREAM_CANCEL_STATES), at: timestampSchema, error: z.string().optional() }).optional(),
  /** The first status check since the last answer that got no usable one (the provider unreachable); absent once it answers. */
  unansweredSince: timestampSchema.optional(),
  /**
   * The admin closed the order without the provider's confirmation (updateOrderStatus's `withoutProvider`),
   * in the transaction that refunded it: what the provider says or answers later moves nothing.
   */
  closedWithoutProvider: closedWithoutProviderSchema.optional(),
});
export type FulfilmentDoc = z.infer<typeof fulfilmentDocSchema>;

export const fulfilmentCollection = () => typedCollection('orderFulfilment', fulfilmentDocSchema);
export const fulfilmentRef = (orderId: string) => fulfilmentCollection().doc(orderId);

/**
 * Why a queued order waits or why an attempt ended without an answer (workers/forward.ts writes them;
 * the providers' counts find waiting orders by them).
 */
export const REASONS = {
  providerInactive: 'The provider is disabled',
  providerMissing: 'The provider no longer exists',
  lowBalance: 'The provider’s balance is below the order’s cost',
  notPending: 'Not sent: the order is no longer pending',
  leaseExpired: 'No answer before the claim ran out: the provider may have placed it',
  noClient: 'Could not reach the provider (no key or address): nothing was sent',
} as const;

/** A queued order still queued this long after was missed by its trigger: the sweeper sends it. */
export const SWEEP_QUEUED_AFTER_MS = 60_000;
/** A queued order kept waiting (with a reason) is tried again after this. */
export const WAIT_RETRY_MS = 5 * 60_000;
export const sweepAfter = (now: Timestamp, ms: number) => TimestampValue.fromMillis(now.toMillis() + ms);

/**
 * The fulfilments whose `field` is `value` and whose time `dueField` has come by `untilMs`, soonest
 * first, at most `limit` (each pair has its composite index).
 */
export function dueFulfilments(field: 'state' | 'providerId', value: string, dueField: string, untilMs: number, limit: number) {
  return fulfilmentCollection()
    .where(field, '==', value)
    .where(dueField, '<=', TimestampValue.fromMillis(untilMs))
    .orderBy(dueField)
    .limit(limit)
    .get();
}

/** What placement writes: `manual` without a link (or a link to a provider that is gone), else `queued`, the cost frozen. */
export function fulfilmentAtPlacement(
  link: ServiceLinkDoc | undefined,
  provider: ProviderDoc | undefined,
  quantity: number,
  now: Timestamp,
): FulfilmentDoc {
  if (!link || !provider) return { state: 'manual', open: true, createdAt: now, updatedAt: now };
  return {
    state: 'queued',
    open: true,
    createdAt: now,
    updatedAt: now,
    providerId: link.providerId,
    providerServiceId: link.serviceId,
    costPaisa: providerCostPaisa(link.cost, provider.rateToPkr, quantity),
    rateToPkr: provider.rateToPkr,
    attempt: 0,
    queuedAt: now,
    sweepAt: sweepAfter(now, SWEEP_QUEUED_AFTER_MS),
  };
}

/** Orders placed before forwarding existed have no fulfilment: they are manual. */
export function fulfilmentToWire(doc: FulfilmentDoc | undefined): Fulfilment {
  if (!doc) return { state: 'manual' };
  const optional = <K extends string, V>(key: K, value: V | undefined) => (value !== undefined ? { [key]: value } : {});
  return {
    state: doc.state,
    ...optional('providerId', doc.providerId),
    ...optional('providerServiceId', doc.providerServiceId),
    ...optional('providerOrderId', doc.providerOrderId),
    ...optional('error', doc.error),
    ...optional('reason', doc.reason),
    ...optional('cost', doc.costPaisa !== undefined ? toRupees(doc.costPaisa) : undefined),
    ...optional('rateToPkr', doc.rateToPkr),
    ...optional('attempt', doc.attempt),
    ...optional('startCount', doc.startCount),
    ...optional('remains', doc.remains),
    ...optional('flag', doc.flag),
    ...optional(
      'cancel',
      doc.cancel
        ? { state: doc.cancel.state, at: doc.cancel.at.toDate().toISOString(), ...(doc.cancel.error ? { error: doc.cancel.error } : {}) }
        : undefined,
    ),
    ...optional('unansweredSince', doc.unansweredSince?.toDate().toISOString()),
    ...optional(
      'closedWithoutProvider',
      doc.closedWithoutProvider
        ? {
            at: doc.closedWithoutProvider.at.toDate().toISOString(),
            by: doc.closedWithoutProvider.by,
            reason: doc.closedWithoutProvider.reason,
          }
        : undefined,
    ),
  };
}
