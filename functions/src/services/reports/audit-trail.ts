// The audit trail as the console reads it: a page of entries (kernel/audit.ts keeps and pages them), each with the
// names of what it is about, so the console says "Credited Rs 500 to Ali Khan", not a uid. The names are looked up
// as the page is read, outside any transaction: one getAll of the page's distinct accounts, services and providers
// (an entry names one account, one service and a provider or two at most: bounded by the page size). A name is as
// it is now; a document gone since (a deleted service) is left out, and the entry's own fields say what they recorded.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../../lib/admin';
import { getAllGrouped } from '../../lib/typed-collection';
import type { AuditEntry } from '../../shared/schemas/reports';
import { isUid, userRef } from '../accounts/users';
import { servicesCollection } from '../catalogue/catalogue';
import { listAudit } from '../kernel/audit';
import { providersCollection } from '../providers/provider-store';

interface Mentions {
  uid: string | undefined;
  serviceId: string | undefined;
  providerIds: string[];
}

/** A document id an entry records, if it is one (the same plain-id check as a uid's: no slash, no reserved id). */
const idOf = (value: unknown): string | undefined => (typeof value === 'string' && isUid(value) ? value : undefined);
const defined = <T>(value: T | undefined): value is T => value !== undefined;
const distinct = (ids: (string | undefined)[]) => [...new Set(ids.filter(defined))];

/** What an entry names: its subject's document, the customer (`userId`) and the providers its fields record. */
function mentionsOf(entry: Pick<AuditEntry, 'subject' | 'before' | 'after'>): Mentions {
  const [kind, id, ...rest] = entry.subject.split('/');
  const subjectId = rest.length === 0 ? idOf(id) : undefined;
  const recorded = [entry.after ?? {}, entry.before ?? {}];
  const linked = (value: unknown) => (value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined);
  return {
    uid: kind === 'users' || kind === 'adminMfa' ? subjectId : recorded.map((fields) => idOf(fields.userId)).find(defined),
    serviceId: kind === 'services' ? subjectId : undefined,
    providerIds: distinct([
      kind === 'providers' ? subjectId : undefined,
      ...recorded.flatMap((fields) => [idOf(fields.providerId), idOf(linked(fields.provider))]),
    ]),
  };
}

/** The names found among `snaps`, by document id (a document that does not exist has none). */
function namesOf<T, N>(snaps: readonly DocumentSnapshot<T>[], name: (id: string, doc: T) => N): Map<string, N> {
  const names = new Map<string, N>();
  for (const snap of snaps) {
    const doc = snap.data();
    if (doc) names.set(snap.id, name(snap.id, doc));
  }
  return names;
}

/** A page of the trail (`listAudit`'s filters), each entry with the account, service and providers it names. */
export async function listAuditTrail(query: Parameters<typeof listAudit>[0]) {
  const page = await listAudit(query);
  const named = page.items.map((entry) => ({ entry, ...mentionsOf(entry) }));
  const snaps = await getAllGrouped(db, {
    users: distinct(named.map((m) => m.uid)).map(userRef),
    services: distinct(named.map((m) => m.serviceId)).map((id) => servicesCollection().doc(id)),
    providers: distinct(named.flatMap((m) => m.providerIds)).map((id) => providersCollection().doc(id)),
  });
  const users = namesOf(snaps.users, (_id, doc) => ({ _id, name: doc.name, email: doc.email }));
  const services = namesOf(snaps.services, (_id, doc) => ({ _id, number: doc.number, name: doc.name }));
  const providers = namesOf(snaps.providers, (_id, doc) => ({ _id, name: doc.name, currency: doc.currency }));
  const items = named.map(({ entry, uid, serviceId, providerIds }): AuditEntry => {
    const user = uid ? users.get(uid) : undefined;
    const service = serviceId ? services.get(serviceId) : undefined;
    const known = providerIds.map((id) => providers.get(id)).filter(defined);
    return { ...entry, ...(user ? { user } : {}), ...(service ? { service } : {}), ...(known.length > 0 ? { providers: known } : {}) };
  });
  return { ...page, items };
}
