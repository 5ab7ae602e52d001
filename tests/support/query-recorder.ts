// Records the shape of every Firestore query the code under test runs (collection, filters, orders,
// and the fields a sum or average aggregates), by wrapping Query.prototype.get and
// AggregateQuery.prototype.get, so a test can compare them with firestore.indexes.json: the emulator
// serves any query without an index, production refuses one that needs a missing index.
import { type AggregateQuery, Query } from 'firebase-admin/firestore';

export interface QueryShape {
  collection: string;
  collectionGroup: boolean;
  equality: string[];
  inequality: string[];
  orders: { field: string; direction: 'ASCENDING' | 'DESCENDING' }[];
  /**
   * Fields a sum() or average() reads: Firestore computes them from index entries, so each must be in
   * the index after the filters (a count() needs nothing more than its query).
   */
  aggregated?: string[];
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

interface InternalAggregateQuery {
  _query: Query;
  _aggregates: Record<string, { aggregateType: string; _field?: string | { formattedName?: string } }>;
}

function aggregateShapeOf(query: AggregateQuery<never>): QueryShape {
  const { _query, _aggregates } = query as unknown as InternalAggregateQuery;
  const aggregated = Object.values(_aggregates)
    .filter((a) => a.aggregateType !== 'count' && a._field !== undefined)
    .map((a) => (typeof a._field === 'string' ? a._field : String(a._field?.formattedName)));
  return { ...shapeOf(_query), aggregated };
}

/** AggregateQuery's prototype (the class is not exported at run time): that of any query's aggregate. */
const aggregateQueryPrototype = (): { get: AggregateQuery<never>['get'] } =>
  Object.getPrototypeOf(Query.prototype.aggregate.call({} as Query, {}));

export function recordQueries(): { shapes: QueryShape[]; stop: () => void } {
  const shapes: QueryShape[] = [];
  const original = Query.prototype.get;
  const aggregatePrototype = aggregateQueryPrototype();
  const originalAggregate = aggregatePrototype.get;
  Query.prototype.get = function (this: Query, ...args: []) {
    shapes.push(shapeOf(this));
    return original.apply(this, args);
  } as typeof original;
  aggregatePrototype.get = function (this: AggregateQuery<never>, ...args: []) {
    // One shape per aggregated field: each sum() is served by its own index (a document lacking one
    // of two summed fields would be missing from an index holding both).
    const shape = aggregateShapeOf(this);
    const fields = shape.aggregated ?? [];
    if (fields.length === 0) shapes.push({ ...shape, aggregated: [] });
    for (const field of fields) shapes.push({ ...shape, aggregated: [field] });
    return originalAggregate.apply(this, args);
  } as typeof originalAggregate;
  return {
    shapes,
    stop: () => {
      Query.prototype.get = original;
      aggregatePrototype.get = originalAggregate;
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
  const fields = new Set([...shape.equality, ...shape.inequality, ...shape.orders.map((o) => o.field), ...(shape.aggregated ?? [])]);
  fields.delete('__name__');
  if (fields.size <= 1) return false;
  // Only equality filters and no order (nor a summed field): served by merging single-field indexes.
  return !(
    shape.orders.filter((o) => o.field !== '__name__').length === 0 &&
    shape.inequality.length === 0 &&
    (shape.aggregated ?? []).length === 0
  );
}

/** The declared index that serves the shape: equality fields first (any order), then the orders. */
export function findIndex(shape: QueryShape, declared: DeclaredIndex[]): DeclaredIndex | undefined {
  const scope = shape.collectionGroup ? 'COLLECTION_GROUP' : 'COLLECTION';
  const orders = shape.orders.filter((o) => o.field !== '__name__');
  const rangeFields = [...new Set(shape.inequality)].filter((f) => !orders.some((o) => o.field === f));
  const aggregated = (shape.aggregated ?? []).map((field) => ({ field, direction: 'ASCENDING' as const }));
  const wanted = [...rangeFields.map((field) => ({ field, direction: 'ASCENDING' as const })), ...orders, ...aggregated];
  return declared.find((index) => {
    if (index.collectionGroup !== shape.collection || index.queryScope !== scope) return false;
    const fields = index.fields.filter((f) => f.fieldPath !== '__name__');
    const equalityPart = fields.slice(0, shape.equality.length).map((f) => f.fieldPath);
    if (new Set(equalityPart).size !== shape.equality.length || !shape.equality.every((f) => equalityPart.includes(f))) return false;
    const rest = fields.slice(shape.equality.length);
    return rest.length === wanted.length && rest.every((f, i) => f.fieldPath === wanted[i]?.field && f.order === wanted[i]?.direction);
  });
}

export interface DeclaredFieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: { order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: 'CONTAINS'; queryScope: 'COLLECTION' | 'COLLECTION_GROUP' }[];
}

/**
 * A collection-group query on one field: Firestore's automatic single-field indexes have collection
 * scope only, so it needs that field's index with collection-group scope, declared as a field override.
 */
export function needsCollectionGroupFieldIndex(shape: QueryShape): boolean {
  return shape.collectionGroup && !needsCompositeIndex(shape) && singleField(shape) !== undefined;
}

function singleField(shape: QueryShape): string | undefined {
  const fields = new Set([...shape.equality, ...shape.inequality, ...shape.orders.map((o) => o.field)]);
  fields.delete('__name__');
  return fields.size === 1 ? [...fields][0] : undefined;
}

/** The field override whose collection-group index serves the shape (the order asked, ascending for a filter). */
export function findFieldOverride(shape: QueryShape, overrides: DeclaredFieldOverride[]): DeclaredFieldOverride | undefined {
  const field = singleField(shape);
  const order = shape.orders.find((o) => o.field === field)?.direction ?? 'ASCENDING';
  return overrides.find(
    (o) =>
      o.collectionGroup === shape.collection &&
      o.fieldPath === field &&
      o.indexes.some((index) => index.queryScope === 'COLLECTION_GROUP' && index.order === order),
  );
}
