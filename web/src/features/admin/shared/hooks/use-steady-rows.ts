// A queue the admin acts on row by row: while a row's dialog is open (and its action runs), a background
// refetch must not reorder or remove the rows under the pointer; the decided row leaves only once its
// action succeeded, and does not come back while the refetch that drops it is still on its way.
import { useState } from 'react';
import type { ListTableList } from '@/features/admin/components/list-table';

/**
 * `rows` as shown: frozen between `hold` and `release`, and without the rows decided here while
 * `isQueue` (a decided row belongs in the other lists, e.g. the approved requests, and shows there).
 */
export function useSteadyRows<Row>(rows: readonly Row[], getKey: (row: Row) => string, isQueue = true) {
  const [frozen, setFrozen] = useState<readonly Row[] | null>(null);
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const current = frozen ?? rows;
  const shown = isQueue ? current.filter((row) => !gone.has(getKey(row))) : current;
  return {
    rows: shown,
    /** Keeps the rows as they are on screen now. */
    hold: () => setFrozen(shown),
    /** Follows the list again, without `decided` (a row whose action succeeded). */
    release: (decided?: string) => {
      if (decided !== undefined) setGone((before) => new Set(before).add(decided));
      setFrozen(null);
    },
  };
}

/** A list with the rows to show in place of its items (for ListTable). */
export function withRows<Row>(list: ListTableList<Row>, rows: readonly Row[]): ListTableList<Row> {
  return {
    items: rows,
    isPending: list.isPending,
    isError: list.isError,
    hasNextPage: list.hasNextPage,
    isFetchingNextPage: list.isFetchingNextPage,
    fetchNextPage: list.fetchNextPage,
  };
}

/**
 * A queue whose rows open a dialog each (approve, reject, attach…): the rows hold still from `open` until
 * `close`, which drops the decided row (its key) once its action succeeded.
 */
export function useRowDialog<Row, Dialog>(rows: readonly Row[], getKey: (row: Row) => string, isQueue = true) {
  const steady = useSteadyRows(rows, getKey, isQueue);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  return {
    rows: steady.rows,
    dialog,
    open: (next: Dialog) => {
      steady.hold();
      setDialog(next);
    },
    close: (decided?: string) => {
      setDialog(null);
      steady.release(decided);
    },
  };
}
