// A queue the admin acts on row by row: while a row's dialog is open (and its action runs), a background
// refetch must not reorder or remove the rows under the pointer; the decided row leaves only once its
// action succeeded, and does not come back while the refetch that drops it is still on its way.
import { useState } from 'react';
import type { ListTableList } from '@/features/admin/shared/components/list-table';

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

/**
 * A queue section (top-up requests, wallet SMS, reviews): the state its tabs show (`initial` first), that
 * state's list with its rows held still while a row's dialog is open (useRowDialog) when `isQueue`.
 */
export function useQueue<Status extends string, Row extends { _id: string }, Dialog>(
  initial: Status,
  useList: (status: Status) => ListTableList<Row>,
  isQueue: (status: Status) => boolean,
) {
  const [status, setStatus] = useState<Status>(initial);
  const list = useList(status);
  const { rows, dialog, open, close } = useRowDialog<Row, Dialog>(list.items, (row) => row._id, isQueue(status));
  return { status, setStatus, list: withRows(list, rows), dialog, open, close };
}
