// The catalogue in Firestore (services/{id}): seeded from shared/catalogue, read by the API.
import { db } from '../lib/admin';
import { CATALOGUE, type CatalogueItem, type Category } from '../shared/catalogue';
import { type Paisa, toPaisa, toRupees } from '../shared/money';
import type { Platform } from '../shared/platforms';
import type { Service } from '../shared/schemas';

export interface ServiceDoc {
  number: number;
  platform: Platform;
  category: Category;
  name: string;
  ratePer1000Paisa: Paisa;
  min: number;
  max: number;
  defaultQuantity: number;
  description: string;
  refill: boolean;
  cancel: boolean;
  active: boolean;
}

export const servicesCollection = () => db.collection('services');

export function catalogueItemToDoc(item: CatalogueItem): ServiceDoc {
  return {
    number: item.number,
    platform: item.platform,
    category: item.category,
    name: item.name,
    ratePer1000Paisa: toPaisa(item.ratePer1000),
    min: item.min,
    max: item.max,
    defaultQuantity: item.defaultQuantity,
    description: item.description,
    refill: item.refill,
    cancel: item.cancel,
    active: true,
  };
}

export function serviceToWire(id: string, doc: ServiceDoc): Service {
  return {
    _id: id,
    number: doc.number,
    platform: doc.platform,
    category: doc.category,
    name: doc.name,
    ratePer1000: toRupees(doc.ratePer1000Paisa),
    min: doc.min,
    max: doc.max,
    defaultQuantity: doc.defaultQuantity,
    description: doc.description,
    refill: doc.refill === true,
    cancel: doc.cancel === true,
    active: doc.active,
  };
}

export async function listActiveServices(): Promise<Service[]> {
  const snap = await servicesCollection().where('active', '==', true).get();
  return snap.docs.map((d) => serviceToWire(d.id, d.data() as ServiceDoc)).sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
}

/** Writes the built-in catalogue; services no longer in it are kept but deactivated. Idempotent. */
export async function syncCatalogue(): Promise<number> {
  const existing = await servicesCollection().get();
  const batch = db.batch();
  const ids = new Set(CATALOGUE.map((item) => item.id));
  for (const item of CATALOGUE) batch.set(servicesCollection().doc(item.id), catalogueItemToDoc(item));
  for (const doc of existing.docs) if (!ids.has(doc.id)) batch.update(doc.ref, { active: false });
  await batch.commit();
  return CATALOGUE.length;
}
