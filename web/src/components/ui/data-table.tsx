// A table that shows `pageSize` rows with a Show More/Show Less toggle when more exist. Below the
// `sm` breakpoint each row stacks into a labelled card, so nothing scrolls sideways on a phone.
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  getKey: (row: Row) => string;
  emptyText: string;
  pageSize?: number;
  /**
   * Shown below the rows once every loaded row is visible (e.g. a Load more button for server pages:
   * loading more into a collapsed table would fetch rows nobody sees).
   */
  footer?: ReactNode;
  /** The key of a row to scroll to and highlight (e.g. the order a notification opened). */
  highlightKey?: string | null | undefined;
}

export function DataTable<Row>({ caption, columns, rows, getKey, emptyText, pageSize = 5, footer, highlightKey }: DataTableProps<Row>) {
  const highlightIndex = highlightKey ? rows.findIndex((row) => getKey(row) === highlightKey) : -1;
  // A highlighted row below the first page is shown with the rest.
  const [expanded, setExpanded] = useState(highlightIndex >= pageSize);
  const visible = expanded ? rows : rows.slice(0, pageSize);
  const showFooter = footer && (expanded || rows.length <= pageSize);
  const highlighted = useRef<HTMLTableRowElement>(null);
  const below = highlightIndex >= pageSize;

  useEffect(() => {
    if (below) setExpanded(true);
  }, [below]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the highlighted row changes or appears
  useEffect(() => {
    highlighted.current?.scrollIntoView?.({ block: 'center' });
  }, [highlightKey, highlightIndex, expanded]);

  if (rows.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">{emptyText}</p>;
  }

  return (
    // A table wider than its place (many columns, long values) scrolls in this box, never the page.
    <div className="sm:overflow-x-auto">
      <table className="w-full border-separate border-spacing-0 text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden sm:table-header-group">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className="border-b border-slate-200 px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {visible.map((row) => (
            <tr
              key={getKey(row)}
              ref={getKey(row) === highlightKey ? highlighted : undefined}
              aria-current={getKey(row) === highlightKey ? 'true' : undefined}
              className={`mb-3 block scroll-mt-24 rounded-xl ring-1 sm:mb-0 sm:table-row sm:rounded-none sm:ring-0 ${getKey(row) === highlightKey ? 'bg-amber-50 ring-2 ring-amber-400 sm:outline-2 sm:outline-amber-400' : 'ring-slate-200'}`}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={column.className ? `data-cell ${column.className}` : 'data-cell'}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > pageSize || showFooter ? (
        <div className="mt-3 flex flex-wrap items-center justify-center gap-3">
          {rows.length > pageSize ? (
            <button
              type="button"
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
              className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {expanded ? 'Show Less' : 'Show More'}
            </button>
          ) : null}
          {showFooter ? footer : null}
        </div>
      ) : null}
    </div>
  );
}
