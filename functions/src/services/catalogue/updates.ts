// The catalogue's updates feed (shared/catalogue-updates.ts): catalogueUpdates/{id}, one entry per change a customer
// cares about, written in the same transaction as the change (so a change is never without its entry, nor an entry
// without its change); listed newest first to everyone (hidden ones left out) and to the admin, who may hide an entry
// or add a note (audited).
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail } from '../../lib/errors';
import { pageNewestFirst } from '../../lib/pagination';
import { paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { refillDaysOf } from '../../shared/catalogue';
import { type CatalogueUpdate, UPDATE_KINDS, type UpdateEntryBody, type UpdateKind } from '../../shared/catalogue-updates';
import { toRupees } from '../../shared/money';
import { PLATFORMS } from '../../shared/platforms';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import type { ServiceDoc } from './catalogue';

const updateDocSchema = z.object({
  at: timestampSchema,
  kind: z.enum(UPDATE_KINDS),
  serviceId: z.string(),
  number: z.number().int(),
  platform: z.enum(PLATFORMS),
  category: z.string(),
  name: z.string(),
  fromRatePaisa: paisaSchema.optional(),
  toRatePaisa: paisaSchema.optional(),
  fromRefillDays: z.number().int().optional(),
  toRefillDays: z.number().int().optional(),
  /** Who made the change: the admin (by hand, a bulk change, an import) or a provider's services sync. */
  by: z.enum(['admin', 'sync']),
  /** An equality the public list filters on (an index serves it). */
  hidden: z.boolean(),
  note: z.string().optional(),
});
type UpdateDoc = z.infer<typeof updateDocSchema>;

export const updatesCollection = () => typedCollection('catalogueUpdates', updateDocSchema);

export function updateToWire(id: string, doc: UpdateDoc, forAdmin = false): CatalogueUpdate {
  return {
    _id: id,
    at: doc.at.toDate().toISOString(),
    kind: doc.kind,
    service: { _id: doc.serviceId, number: doc.number, platform: doc.platform, category: doc.category, name: doc.name },
    ...(doc.toRatePaisa !== undefined
      ? { rate: { ...(doc.fromRatePaisa !== undefined ? { from: toRupees(doc.fromRatePaisa) } : {}), to: toRupees(doc.toRatePaisa) } }
      : {}),
    ...(doc.toRefillDays !== undefined ? { refillDays: { from: doc.fromRefillDays ?? 0, to: doc.toRefillDays } } : {}),
    ...(doc.note ? { note: doc.note } : {}),
    ...(forAdmin ? { hidden: doc.hidden } : {}),
  };
}

/** On sale as customers see it: active, or held out of sale for a moment by a delete's check (deleteService). */
const onSale = (doc: ServiceDoc) => doc.active || doc.deleteCheck !== undefined;

/**
 * Writes in `tx` the entries of a service's change from `before` (null: new) to `after`: new (when it goes on sale
 * new), disabled or enabled, price up or down and refill window changed (while on sale, before or after: a change to
 * a service nobody can order is nobody's news). A delete's check, which takes a service out of sale for a moment, is
 * not a change (it counts as on sale here); the delete itself is (`disabled`). A service created off sale is `new` when
 * it first goes on sale (ServiceDoc.neverOnSale).
 */
export function recordServiceUpdates(
  tx: Transaction,
  id: string,
  before: ServiceDoc | null,
  after: ServiceDoc,
  now: Timestamp,
  by: UpdateDoc['by'],
): number {
  const entry = (kind: UpdateKind, fields: Partial<UpdateDoc> = {}) => {
    const doc: UpdateDoc = {
      at: now,
      kind,
      serviceId: id,
      number: after.number,
      platform: after.platform,
      category: after.category,
      name: after.name,
      by,
      hidden: false,
      ...fields,
    };
    tx.create(updatesCollection().doc(), doc);
  };
  const rate = after.ratePer1000Paisa;
  let written = 0;
  const add = (kind: UpdateKind, fields?: Partial<UpdateDoc>) => {
    entry(kind, fields);
    written += 1;
  };
  const [wasOnSale, isOnSale] = [before !== null && onSale(before), onSale(after)];
  if (!wasOnSale && !isOnSale) return written;
  // First on sale (created so, or enabled after being created off sale): a new service, not one back.
  if (!before || (isOnSale && before.neverOnSale)) {
    add('new', { toRatePaisa: rate, toRefillDays: refillDaysOf(after) });
    return written;
  }
  if (wasOnSale !== isOnSale) add(isOnSale ? 'enabled' : 'disabled', isOnSale ? { toRatePaisa: rate } : {});
  if (before.ratePer1000Paisa !== rate) add('price', { fromRatePaisa: before.ratePer1000Paisa, toRatePaisa: rate });
  const [fromDays, toDays] = [refillDaysOf(before), refillDaysOf(after)];
  if (fromDays !== toDays) add('refill', { fromRefillDays: fromDays, toRefillDays: toDays });
  return written;
}

/** Everyone's feed: newest first, hidden entries left out. */
export const listPublicUpdates = (page: { limit: number; cursor?: string | undefined }) =>
  pageNewestFirst(updatesCollection().where('hidden', '==', false), 'at', page, (d) => updateToWire(d.id, d.data()));

/** The admin's feed: every entry, hidden ones too, with whether they are. */
export const listAdminUpdates = (page: { limit: number; cursor?: string | undefined }) =>
  pageNewestFirst(updatesCollection(), 'at', page, (d) => updateToWire(d.id, d.data(), true));

/** Hides or shows an entry, sets or clears its note; audited. Unchanged: no write, no entry. */
export async function changeUpdateEntry(actor: Actor, id: string, body: UpdateEntryBody): Promise<CatalogueUpdate> {
  if (!/^[A-Za-z0-9]{1,40}$/.test(id)) throw fail('not_found', 'Update not found');
  const { value } = await runInTransaction<CatalogueUpdate>(null, async (tx, now) => {
    const ref = updatesCollection().doc(id);
    const doc = (await tx.get(ref)).data();
    if (!doc) throw fail('not_found', 'Update not found');
    const next: UpdateDoc = { ...doc };
    if (body.hidden !== undefined) next.hidden = body.hidden;
    if (body.note !== undefined) {
      if (body.note) next.note = body.note;
      else delete next.note;
    }
    if (next.hidden === doc.hidden && next.note === doc.note) return updateToWire(id, doc, true);
    tx.set(ref, next);
    recordAudit(tx, actor, now, {
      subject: ref,
      action: 'update_entry',
      before: { hidden: doc.hidden, note: doc.note ?? null },
      after: { hidden: next.hidden, note: next.note ?? null },
    });
    return updateToWire(id, next, true);
  });
  return value;
}
