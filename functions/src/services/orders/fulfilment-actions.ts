// The admin's actions on an order's fulfilment (decision record 0008): Resend (a new attempt, from
// failed or unknown only) and Mark sent (the admin found the order in the provider's panel). Both
// audited in their transaction; neither moves money (a cancel goes through updateOrderStatus).
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { conflict, fail, invalidInput } from '../../lib/errors';
import { getAllOf } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { formatRupees, toRupees } from '../../shared/money';
import { isFinalStatus } from '../../shared/order-status';
import {
  type AdminOrder,
  type MarkSentBody,
  providerCostPaisa,
  type ResendOrderAnswer,
  type ResendOrderBody,
} from '../../shared/providers';
import { type Actor, recordAudit } from '../kernel/audit';
import { leaseHeld } from '../kernel/lease';
import { runInTransaction } from '../kernel/transactions';
import type { ProviderPort } from '../providers/provider-port';
import { providersCollection, serviceLinkRef } from '../providers/provider-store';
import { findProviderService } from '../providers/providers';
import {
  type AttemptRecord,
  type FulfilmentDoc,
  fulfilmentAtPlacement,
  fulfilmentRef,
  SWEEP_QUEUED_AFTER_MS,
  sweepAfter,
} from './fulfilment';
import { isNumberedId } from './order-numbers';
import { adminOrderToWire, ordersCollection } from './orders';

/** The first status check of an order marked sent (as forward.ts's FIRST_SYNC_AFTER_MS). */
const FIRST_SYNC_AFTER_MS = 2 * 60_000;

const RESENDABLE: readonly FulfilmentDoc['state'][] = ['failed', 'unknown'];

function previousAttempt(f: FulfilmentDoc, now: Timestamp): AttemptRecord {
  const record: AttemptRecord = { attempt: f.attempt ?? 0, state: f.state, at: now };
  if (f.providerId !== undefined) record.providerId = f.providerId;
  if (f.providerOrderId !== undefined) record.providerOrderId = f.providerOrderId;
  if (f.error !== undefined) record.error = f.error;
  return record;
}

const auditView = (f: FulfilmentDoc) => ({
  state: f.state,
  ...(f.providerId !== undefined ? { providerId: f.providerId } : {}),
  ...(f.providerServiceId !== undefined ? { providerServiceId: f.providerServiceId } : {}),
  ...(f.costPaisa !== undefined ? { cost: toRupees(f.costPaisa) } : {}),
  ...(f.providerOrderId !== undefined ? { providerOrderId: f.providerOrderId } : {}),
  ...(f.error !== undefined ? { error: f.error } : {}),
});

/** The automatic refund holds the order between its check and its cancel (workers/auto-refund.ts). */
function assertNoRefundUnderWay(f: FulfilmentDoc, now: Timestamp): void {
  if (leaseHeld(f.refundLease, now.toMillis())) throw conflict(MESSAGES.autoRefundUnderWay, 'fulfilment');
}

async function readOrder(tx: FirebaseFirestore.Transaction, id: string) {
  if (!isNumberedId(id)) throw fail('order_not_found', MESSAGES.orderNotFound);
  const ref = fulfilmentRef(id);
  const [orderSnap, fulfilmentSnap] = await getAllOf(tx, ordersCollection().doc(id), ref);
  const order = orderSnap?.data();
  if (!order) throw fail('order_not_found', MESSAGES.orderNotFound);
  return { ref, order, fulfilment: fulfilmentSnap?.data() };
}

/**
 * Queues a failed or unknown order again (the trigger sends it): to its own provider; with
 * `providerId` alone, to the service's current link, which must name that provider; with
 * `providerServiceId` too, to that service of that provider, whatever the link (this order only). A
 * provider's service is looked up in its list now, outside the transaction (which may run more than
 * once); the transaction freezes its cost for this order with the rate to PKR read in it. Our price
 * never changes: a cost above it is allowed, with a `warning` in the answer. The earlier attempt is
 * kept in `history`. An unknown order may already exist at the provider: the admin checked, and this
 * is their decision.
 */
export async function resendOrder(actor: Actor, id: string, body: ResendOrderBody, providers: ProviderPort): Promise<ResendOrderAnswer> {
  const chosen =
    body.providerServiceId !== undefined && body.providerId !== undefined
      ? { providerId: body.providerId, service: await findProviderService(body.providerId, body.providerServiceId, providers) }
      : undefined;
  const { value } = await runInTransaction<ResendOrderAnswer>(null, async (tx, now) => {
    const { ref, order, fulfilment: f } = await readOrder(tx, id);
    if (!f || !RESENDABLE.includes(f.state)) throw conflict(MESSAGES.resendOnlyFailedOrUnknown, 'fulfilment');
    assertNoRefundUnderWay(f, now);
    if (order.status !== 'pending') throw conflict(MESSAGES.resendNotPending, 'status');
    let target: FulfilmentDoc = {
      state: 'queued',
      createdAt: f.createdAt,
      updatedAt: now,
      providerId: f.providerId as string,
      providerServiceId: f.providerServiceId as string,
      ...(f.costPaisa !== undefined ? { costPaisa: f.costPaisa } : {}),
      ...(f.rateToPkr !== undefined ? { rateToPkr: f.rateToPkr } : {}),
    };
    if (chosen) {
      const provider = (await tx.get(providersCollection().doc(chosen.providerId))).data();
      if (!provider) throw fail('provider_not_found', MESSAGES.providerNotFound, 'providerId');
      const { service } = chosen;
      if (order.quantity < service.min || order.quantity > service.max) {
        const range = `${service.min.toLocaleString('en-US')} to ${service.max.toLocaleString('en-US')}`;
        throw invalidInput(
          `${MESSAGES.resendQuantityOutside} (${order.quantity.toLocaleString('en-US')}; it takes ${range})`,
          'providerServiceId',
        );
      }
      target = {
        state: 'queued',
        createdAt: f.createdAt,
        updatedAt: now,
        providerId: chosen.providerId,
        providerServiceId: service.service,
        costPaisa: providerCostPaisa(service.rate, provider.rateToPkr, order.quantity),
        rateToPkr: provider.rateToPkr,
      };
    } else if (body.providerId !== undefined && body.providerId !== f.providerId) {
      const [linkSnap, providerSnap] = await getAllOf(tx, serviceLinkRef(order.serviceId), providersCollection().doc(body.providerId));
      const link = linkSnap?.data();
      const provider = providerSnap?.data();
      if (!provider) throw fail('provider_not_found', MESSAGES.providerNotFound, 'providerId');
      if (link?.providerId !== body.providerId) throw conflict(MESSAGES.resendNotLinked, 'providerId');
      const fresh = fulfilmentAtPlacement(link, provider, order.quantity, now);
      target = { ...fresh, state: 'queued', createdAt: f.createdAt };
    }
    const next: FulfilmentDoc = {
      ...target,
      attempt: f.attempt ?? 0,
      queuedAt: now,
      sweepAt: sweepAfter(now, SWEEP_QUEUED_AFTER_MS),
      history: [...(f.history ?? []), previousAttempt(f, now)],
      ...(f.flag !== undefined ? { flag: f.flag } : {}),
    };
    tx.set(ref, next);
    recordAudit(tx, actor, now, {
      subject: ordersCollection().doc(id),
      action: 'order_resend',
      before: auditView(f),
      after: { ...auditView(next), userId: order.userId },
    });
    const loss = next.costPaisa !== undefined && next.costPaisa > order.pricePaisa;
    const warning = loss
      ? `${MESSAGES.resendAboveCost}${formatRupees(next.costPaisa as number)}, the customer paid ${formatRupees(order.pricePaisa)}`
      : undefined;
    return { order: adminOrderToWire(id, order, next), ...(warning ? { warning } : {}) };
  });
  return value;
}

/** The admin found the order at the provider: `sent` with its id (the status sync takes it from there). */
export async function markOrderSent(actor: Actor, id: string, body: MarkSentBody): Promise<AdminOrder> {
  const { value } = await runInTransaction<AdminOrder>(null, async (tx, now) => {
    const { ref, order, fulfilment: f } = await readOrder(tx, id);
    if (!f || !RESENDABLE.includes(f.state)) throw conflict(MESSAGES.markSentOnlyFailedOrUnknown, 'fulfilment');
    // Closed without its provider (refunded): it stays closed, whatever the provider's panel says now.
    if (f.closedWithoutProvider || isFinalStatus(order.status)) throw fail('order_final', MESSAGES.orderFinal, 'status');
    assertNoRefundUnderWay(f, now);
    const syncDueAt = Timestamp.fromMillis(now.toMillis() + FIRST_SYNC_AFTER_MS);
    tx.update(ref, {
      state: 'sent',
      providerOrderId: body.providerOrderId,
      syncDueAt,
      error: FieldValue.delete(),
      lease: FieldValue.delete(),
      failedAt: FieldValue.delete(),
      updatedAt: now,
    });
    recordAudit(tx, actor, now, {
      subject: ordersCollection().doc(id),
      action: 'order_mark_sent',
      before: auditView(f),
      after: { state: 'sent', providerOrderId: body.providerOrderId, userId: order.userId },
    });
    const { error: _error, lease: _lease, failedAt: _failedAt, ...kept } = f;
    const fulfilment: FulfilmentDoc = { ...kept, state: 'sent', providerOrderId: body.providerOrderId, syncDueAt, updatedAt: now };
    return adminOrderToWire(id, order, fulfilment);
  });
  return value;
}
