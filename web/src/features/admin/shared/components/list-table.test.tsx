import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListTable, type ListTableList } from '@/features/admin/shared/components/list-table';

type Row = { id: string };
const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({ id: `r${i + 1}` }));

function list(overrides: Partial<ListTableList<Row>> = {}): ListTableList<Row> {
  return {
    items: rows,
    isPending: false,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    ...overrides,
  };
}

const columns = [{ header: 'Id', cell: (row: Row) => `row ${row.id}` }];

function Selectable({ source }: { source: ListTableList<Row> }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <>
      <ListTable
        list={source}
        caption="Things"
        columns={columns}
        getKey={(row) => row.id}
        emptyText="Nothing."
        selection={{ selected, onChange: setSelected }}
        selectable={(row) => row.id !== 'r2'}
      />
      <output>{[...selected].join(',')}</output>
    </>
  );
}

describe('ListTable', () => {
  it('shows every loaded row and a Load more button that asks for the next page', async () => {
    const user = userEvent.setup();
    const source = list({ hasNextPage: true });
    render(<ListTable list={source} caption="Things" columns={columns} getKey={(row) => row.id} emptyText="Nothing." />);
    expect(screen.getAllByText(/^row /)).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(source.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the Overview’s 5 rows with Show More when given a page size', () => {
    render(<ListTable list={list()} caption="Things" columns={columns} getKey={(row) => row.id} emptyText="Nothing." pageSize={5} />);
    expect(screen.getAllByText(/^row /)).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Show More' })).toBeInTheDocument();
  });

  it('says when the list is empty or could not load', () => {
    const { rerender } = render(
      <ListTable list={list({ items: [] })} caption="Things" columns={columns} getKey={(row) => row.id} emptyText="Nothing." />,
    );
    expect(screen.getByText('Nothing.')).toBeInTheDocument();
    rerender(<ListTable list={list({ isError: true })} caption="Things" columns={columns} getKey={(row) => row.id} emptyText="Nothing." />);
    expect(screen.getByText('Could not load things.')).toBeInTheDocument();
  });

  it('selects rows by checkbox, except the ones that cannot be selected', async () => {
    const user = userEvent.setup();
    render(<Selectable source={list()} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select r1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select r3' }));
    expect(screen.getByRole('checkbox', { name: 'Select r2' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('r1,r3');
    await user.click(screen.getByRole('checkbox', { name: 'Select r1' }));
    expect(screen.getByRole('status')).toHaveTextContent('r3');
  });
});
