import type { ReactNode } from 'react';
import type { Column } from '@/components/ui/data-table';
import { Modal } from '@/components/ui/modal';
import { type StatusTab, StatusTabs } from '@/components/ui/status-tabs';
import { ListTable, type ListTableList } from '@/features/admin/shared/components/list-table';

/** A queue's states as tabs over the chosen state's table (`queue` from useQueue). */
export function QueueTable<Status extends string, Row extends { _id: string }>({
  queue,
  label,
  tabs,
  intro,
  ...table
}: {
  queue: { status: Status; setStatus: (status: Status) => void; list: ListTableList<Row> };
  label: string;
  tabs: readonly StatusTab<Status>[];
  intro: ReactNode;
  caption: string;
  emptyText: string;
  errorText: string;
  columns: Column<Row>[];
}) {
  return (
    <StatusTabs label={label} tabs={tabs} value={queue.status} onChange={queue.setStatus} intro={intro}>
      <ListTable list={queue.list} getKey={(row) => row._id} {...table} />
    </StatusTabs>
  );
}

/**
 * The modal of a queue row's dialog of one `kind` (`queue` from useQueue), open while that one is:
 * `children` gets the dialog, and `cancel` for its form's way out.
 */
export function QueueDialog<Dialog extends { kind: string }>({
  queue,
  kind,
  title,
  size,
  children,
}: {
  queue: { dialog: Dialog | null; close: (decided?: string) => void };
  kind: Dialog['kind'];
  title: string;
  size?: 'lg';
  children: (dialog: Dialog, cancel: () => void) => ReactNode;
}) {
  const open = queue.dialog?.kind === kind ? queue.dialog : null;
  return (
    <Modal open={open !== null} onClose={() => queue.close()} title={title} size={size}>
      {open ? children(open, () => queue.close()) : null}
    </Modal>
  );
}
