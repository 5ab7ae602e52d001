// Records the shape of every Firestore query the code under test runs (collection, filters, orders),
// by wrapping Query.prototype.get, so a test can compare them with firestore.indexes.json: the
// emulator serves any query without an index, production refuses one that needs a missing index.
import { Query } from 'firebase-admin/firestore';

export interface QueryShape {
  collection: string;
  collectionGroup: boolean;
  equality: string[];
  inequality: string[];
  orders: { field: string; direction: 'ASCENDING' | 'DESCENDING' }[];
}

interface InternalQuery {
  _queryOptions: {
    collectionId: string;
    allDescendants: boolean;
    filters: {
      field?: { formattedName: string };
      op?: string;
      getFlattenedFilters?: () => { field: { formattedName: string }; op: string }[];
    }[];
    fieldOrders: { field: { formattedName: string }; direction: 'ASCENDING' | 'DESCENDING' }[];
  };
}

export function shapeOf(query: Query): QueryShape {
  const options = (query as unknown as InternalQuery)._queryOptions;
  const filters = options.filters.flatMap((f) =>
    f.getFlattenedFilters ? f.getFlattenedFilters() : [f as { field: { formattedName: string }; op: string }],
  );
  return {
    collection: options.collectionId,
    collectionGroup: options.allDescendants,
    equality: filters.filter((f) => f.op === 'EQUAL').map((f) => f.field.formattedName),
    inequality: filters.filter((f) => f.op !== 'EQUAL').map((f) => f.field.formattedName),
    orders: options.fieldOrders.map((o) => ({ field: o.field.formattedName, direction: o.direction })),
  };
}

export function recordQueries(): { shapes: QueryShape[]; stop: () => void } {
  const shapes: QueryShape[] = [];
  const original = Query.prototype.get;
  Query.prototype.get = function (this: Query, ...args: []) {
    shapes.push(shapeOf(this));
    return original.apply(this, args);
  } as typeof original;
  return {
    shapes,
    stop: () => {
      Query.prototype.get = original;
    },
  };
}

export interface DeclaredIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: { fieldPath: string; order?: 'ASCENDING' | 'DESCENDING' }[];
}

/**
 * Whether a query needs a composite index: Firestore's automatic single-field indexes serve a query
 * on one field (filters and order on the same field, plus the document id); anything that combines
 * an equality filter on one field with an order or range on another needs a composite index.
 */
export function needsCompositeIndex(shape: QueryShape): boolean {
  const fields = new Set([...shape.equality, ...shape.inequality, ...shape.orders.map((o) => o.field)]);
  fields.delete('__name__');
  if (fields.size <= 1) return false;
  // Only equality filters and no order: served by merging single-field indexes.
  return !(shape.orders.filter((o) => o.field !== '__name__').length === 0 && shape.inequality.length === 0);
}

/** The declared index that serves the shape: equality fields first (any order), then the orders. */
export function findIndex(shape: QueryShape, declared: DeclaredIndex[]): DeclaredIndex | undefined {
  const scope = shape.collectionGroup ? 'COLLECTION_GROUP' : 'COLLECTION';
  const orders = shape.orders.filter((o) => o.field !== '__name__');
  const rangeFields = shape.inequality.filter((f) => !orders.some((o) => o.field === f));
  const wanted = [...rangeFields.map((field) => ({ field, direction: 'ASCENDING' as const })), ...orders];
  return declared.find((index) => {
    if (index.collectionGroup !== shape.collection || index.queryScope !== scope) return false;
    const fields = index.fields.filter((f) => f.fieldPath !== '__name__');
    const equalityPart = fields.slice(0, shape.equality.length).map((f) => f.fieldPath);
    if (new Set(equalityPart).size !== shape.equality.length || !shape.equality.every((f) => equalityPart.includes(f))) return false;
    const rest = fields.slice(shape.equality.length);
    return rest.length === wanted.length && rest.every((f, i) => f.fieldPath === wanted[i]?.field && f.order === wanted[i]?.direction);
  });
}
