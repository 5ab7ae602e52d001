// Typed collections: a collection's documents are described once, by a zod schema beside the collection,
// and read through a converter that types them as the schema's type. On the emulators (every test and
// local run) the converter also checks each document it reads against the schema and throws, naming the
// collection, the document and the issue, so a writer and a reader that disagree fail a test. In
// production it only types: nothing is parsed (no cost, and what older code wrote reads as it always did).
// Writes pass through as given (FieldValue sentinels included). In lib/, beside admin.ts: plumbing every
// domain uses and none owns.
import {
  type CollectionGroup,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  Timestamp,
  type Transaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from './admin';
import { config } from './config';

/** A stored Timestamp (firebase-admin decodes every timestamp field as one). */
export const timestampSchema = z.instanceof(Timestamp);
/** An amount of money as stored: integer paisa. */
export const paisaSchema = z.number().int();
/** One of a record's keys, as stored (e.g. a reason by its code). */
export const keyOf = <K extends string>(record: Record<K, unknown>) => z.enum(Object.keys(record) as [K, ...K[]]);

/** The schema of a document type: no defaults or transforms, since production reads the data as stored. */
export type DocSchema<T extends DocumentData> = z.ZodType<T>;

/** A document read that its collection's schema refuses (on the emulators only). */
export class DocumentMismatchError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const what = issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(document)'}: ${issue.message}`).join('; ');
    super(`Document ${id} of collection ${collection} does not match its schema: ${what}`);
    this.name = 'DocumentMismatchError';
  }
}

/** The data as stored, typed; checked against `schema` when `check` (on the emulators: every test). */
function checked<T extends DocumentData>(schema: DocSchema<T>, ref: DocumentReference, data: DocumentData, check: boolean): T {
  if (check) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new DocumentMismatchError(ref.parent.path, ref.id, parsed.error.issues);
  }
  return data as T;
}

// One converter per schema: references built from the same schema stay isEqual (the SDK compares converters).
const converters = new WeakMap<object, FirestoreDataConverter<any>>();

/** The converter of `schema`; `check` is for this module's test (otherwise: on the emulators). */
export function documentConverter<T extends DocumentData>(schema: DocSchema<T>, check = config.usingEmulators): FirestoreDataConverter<T> {
  const shared = check === config.usingEmulators;
  const cached = shared ? converters.get(schema) : undefined;
  if (cached) return cached;
  const converter: FirestoreDataConverter<T> = {
    toFirestore: (data: DocumentData) => data,
    fromFirestore: (snapshot) => checked(schema, snapshot.ref, snapshot.data(), check),
  };
  if (shared) converters.set(schema, converter);
  return converter;
}

/** A collection (a path, or an untyped reference such as a subcollection's) whose documents are `schema`'s. */
export function typedCollection<T extends DocumentData>(
  collection: string | CollectionReference,
  schema: DocSchema<T>,
): CollectionReference<T> {
  return (typeof collection === 'string' ? db.collection(collection) : collection).withConverter(documentConverter(schema));
}

/** Every collection of this name, wherever it is (a collection-group query), whose documents are `schema`'s. */
export function typedGroup<T extends DocumentData>(collectionId: string, schema: DocSchema<T>): CollectionGroup<T> {
  return db.collectionGroup(collectionId).withConverter(documentConverter(schema));
}

/** One document (a path, or an untyped reference) of a collection whose documents differ in shape. */
export function typedDoc<T extends DocumentData>(doc: string | DocumentReference, schema: DocSchema<T>): DocumentReference<T> {
  return (typeof doc === 'string' ? db.doc(doc) : doc).withConverter(documentConverter(schema));
}

/** A snapshot's data read as `schema`'s (a trigger's before and after), checked as a typed collection's reads are. */
export function dataOf<T extends DocumentData>(snap: DocumentSnapshot | undefined, schema: DocSchema<T>): T | undefined {
  const data = snap?.data();
  return snap && data ? checked(schema, snap.ref, data, config.usingEmulators) : undefined;
}

/** Whether a snapshot's document exists; as a filter, it types the snapshots left as documents that do. */
export const exists = <T>(snap: DocumentSnapshot<T>): snap is QueryDocumentSnapshot<T> => snap.exists;

type SnapshotsOf<Refs extends readonly DocumentReference<any, any>[]> = {
  [K in keyof Refs]: Refs[K] extends DocumentReference<infer T, any> ? DocumentSnapshot<T> : never;
};

/**
 * getAll of documents of different types in one round trip (the SDK's getAll takes one type), each
 * snapshot typed as its reference. The same single read as `reader.getAll`.
 */
export function getAllOf<Refs extends readonly DocumentReference<any, any>[]>(
  reader: Transaction | Firestore,
  ...refs: Refs
): Promise<SnapshotsOf<Refs>> {
  const read: Promise<DocumentSnapshot[]> = reader.getAll(...(refs as readonly DocumentReference[]));
  return read as Promise<SnapshotsOf<Refs>>;
}

/**
 * Groups of references of different types read in one round trip: one getAll of every group's references
 * in the order given (or, with `slice`, one per `slice` of them, all at once), the snapshots handed back by
 * group, each typed as its references.
 */
export async function getAllGrouped<Groups extends Record<string, readonly DocumentReference<any, any>[]>>(
  reader: Transaction | Firestore,
  groups: Groups,
  slice = Number.POSITIVE_INFINITY,
): Promise<{ [K in keyof Groups]: SnapshotsOf<Groups[K]> }> {
  const refs = Object.values(groups).flat();
  const parts: DocumentReference[][] = [];
  for (let i = 0; i < refs.length; i += slice) parts.push(refs.slice(i, i + slice));
  const snaps = (await Promise.all(parts.map((part) => getAllOf(reader, ...part)))).flat();
  let taken = 0;
  const grouped = Object.entries(groups).map(([name, group]) => {
    const from = taken;
    taken += group.length;
    return [name, snaps.slice(from, taken)];
  });
  return Object.fromEntries(grouped) as { [K in keyof Groups]: SnapshotsOf<Groups[K]> };
}
