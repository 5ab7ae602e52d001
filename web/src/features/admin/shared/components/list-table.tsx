// The one table of the admin console: a list from useAdminList with its loading, error and empty states,
// every loaded row (or `pageSize` of them with Show More/Show Less, as the spec's dashboard shows), the
// Load more button of the next server page, and optional row checkboxes for actions on several rows.
import { type Column, DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { Section } from '@/components/ui/section';
import { LoadingBlock } from '@/components/ui/spinner';

export interface ListTableList<Row> {
  items: readonly Row[];
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A list that comes in one answer (the catalogue, a provider's services): nothing more to load. */
export function wholeList<Row>(query: { isPending: boolean; isError: boolean }, items: readonly Row[]): ListTableList<Row> {
  return {
    items,
    isPending: query.isPending,
    isError: query.isError,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
  };
}

export interface RowSelection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** A row's key: its `_id` when it has one (every stored document), else what `getKey` says. */
type RowKey<Row> = { getKey: (row: Row) => string } | (Row extends { _id: string } ? { getKey?: undefined } : never);

const idOf = (row: unknown) => (row as { _id: string })._id;

export type ListTableProps<Row> = RowKey<Row> & {
  list: ListTableList<Row>;
  caption: string;
  columns: Column<Row>[];
  emptyText: string;
  /** Shown when the list could not be loaded. */
  errorText?: string;
  /** Rows shown before Show More (the Overview's 5); every loaded row by default. */
  pageSize?: number;
  selection?: RowSelection;
  /** Whether a row can be selected (e.g. not a final order). */
  selectable?: (row: Row) => boolean;
};

export function ListTable<Row>({
  list,
  caption,
  columns,
  getKey = idOf,
  emptyText,
  errorText,
  pageSize = Number.POSITIVE_INFINITY,
  selection,
  selectable = () => true,
}: ListTableProps<Row>) {
  if (list.isPending) return <LoadingBlock className="min-h-32" />;
  if (list.isError) return <FormAlert>{errorText ?? `Could not load ${caption.toLowerCase()}.`}</FormAlert>;

  const withSelection: Column<Row>[] = selection
    ? [
        {
          header: 'Select',
          cell: (row) => {
            const key = getKey(row);
            return (
              // The box is small; its label around it is the target (44 px on a phone, 24 px beyond).
              <label className="inline-flex size-11 cursor-pointer items-center justify-center sm:size-6">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  aria-label={`Select ${key}`}
                  disabled={!selectable(row)}
                  checked={selection.selected.has(key)}
                  onChange={(event) => {
                    const next = new Set(selection.selected);
                    if (event.target.checked) next.add(key);
                    else next.delete(key);
                    selection.onChange(next);
                  }}
                />
              </label>
            );
          },
        },
        ...columns,
      ]
    : columns;

  return (
    <DataTable
      caption={caption}
      columns={withSelection}
      rows={list.items}
      getKey={getKey}
      emptyText={emptyText}
      pageSize={pageSize}
      footer={<LoadMore query={list} />}
    />
  );
}

/** A section that is one list: titled as its table is captioned. */
export function ListSection<Row>({ id, ...table }: ListTableProps<Row> & { id: string }) {
  return (
    <Section id={id} title={table.caption}>
      <ListTable<Row> {...(table as ListTableProps<Row>)} />
    </Section>
  );
}
