import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/components/ui/data-table';

const rows = Array.from({ length: 7 }, (_, i) => ({ id: String(i + 1) }));

function renderTable(count: number, footer?: ReactNode) {
  return render(
    <DataTable
      caption="Things"
      rows={rows.slice(0, count)}
      getKey={(row) => row.id}
      emptyText="Nothing here."
      columns={[{ header: 'Id', cell: (row) => `row ${row.id}` }]}
      footer={footer}
    />,
  );
}

describe('DataTable', () => {
  it('shows 5 rows, then all with Show More, and 5 again with Show Less', async () => {
    const user = userEvent.setup();
    renderTable(7);
    expect(screen.getAllByText(/^row /)).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getAllByText(/^row /)).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.getAllByText(/^row /)).toHaveLength(5);
  });

  it('has no toggle with 5 rows or fewer', () => {
    renderTable(5);
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  it('shows the footer (Load more) only while every loaded row is visible', async () => {
    const user = userEvent.setup();
    renderTable(7, <button type="button">Load more</button>);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the footer under 5 rows or fewer', () => {
    renderTable(3, <button type="button">Load more</button>);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('shows the empty text', () => {
    renderTable(0);
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
  });
});
