import type { Order } from '@shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { anOrder } from '@/testing/fixtures';
import { mockApi, renderApp } from '@/testing/render';
import { RecentOrdersTable } from './recent-orders';

const base = anOrder(1001);

describe('RecentOrdersTable', () => {
  it('shows how far an order in progress got and its start count, as the provider reported them', () => {
    renderApp(<RecentOrdersTable orders={[{ ...base, progress: { startCount: 12500, remains: 400 } }]} />);
    expect(screen.getByText('600 delivered · start 12,500')).toBeTruthy();
  });

  it('shows no progress line for a manual order or a finished one', () => {
    renderApp(
      <RecentOrdersTable
        orders={[
          { ...base, _id: '1', number: 1 },
          { ...base, _id: '2', number: 2, status: 'completed', progress: { startCount: 10, remains: 0 } },
        ]}
      />,
    );
    expect(screen.queryByText(/delivered/)).toBeNull();
    expect(screen.queryByText(/start/)).toBeNull();
  });

  it('offers Get help on each order: a new ticket about it', () => {
    renderApp(<RecentOrdersTable orders={[base, { ...base, _id: '1002', number: 1002 }]} />);
    expect(screen.getByRole('link', { name: 'Get help with order #1001' })).toHaveAttribute('href', '/tickets/new?order=1001');
    expect(screen.getByRole('link', { name: 'Get help with order #1002' })).toHaveAttribute('href', '/tickets/new?order=1002');
  });

  // 5 runs of 100 at Rs 90 each: Rs 450 paid at placement; 2 runs started.
  const plan = { runs: 5, interval: 30, quantity: 100, runsDone: 2, nextRunAt: '2026-01-01T01:00:00.000Z', orders: [482913711, 482913712] };
  const dripFeed: Order = {
    ...base,
    _id: '482913710',
    number: 482913710,
    quantity: 500,
    price: 450,
    status: 'processing',
    dripFeed: plan,
  };
  const run: Order = {
    ...base,
    _id: '482913712',
    number: 482913712,
    quantity: 100,
    price: 90,
    status: 'pending',
    dripRun: { parent: 482913710, run: 2, runs: 5 },
  };

  it('shows a drip-feed’s runs, its next run while open, its runs’ numbers, and a run as paid by its drip-feed', () => {
    mockApi({});
    renderApp(<RecentOrdersTable orders={[dripFeed, run]} />);
    const [parentRow, runRow] = screen.getAllByRole('row').slice(1);
    if (!parentRow || !runRow) throw new Error('rows missing');
    expect(within(parentRow).getByText('Drip-feed · 2 of 5 runs · every 30 min')).toBeInTheDocument();
    expect(within(parentRow).getByText(`Next run ${formatDateTime('2026-01-01T01:00:00.000Z')}`)).toBeInTheDocument();
    expect(within(parentRow).getByText('Runs #482913711, #482913712')).toBeInTheDocument();
    expect(within(parentRow).getByText('100 a run')).toBeInTheDocument();
    expect(within(parentRow).getByText(/Rs 450/)).toBeInTheDocument();
    expect(within(parentRow).getByRole('button', { name: 'Stop drip-feed #482913710' })).toBeInTheDocument();
    expect(within(runRow).getByText('Run 2 of 5 · drip-feed #482913710')).toBeInTheDocument();
    // No second price that reads like a second charge; no stop on a run.
    expect(within(runRow).queryByText(/Rs /)).toBeNull();
    expect(within(runRow).getByText(/paid with its drip-feed/)).toBeInTheDocument();
    expect(within(runRow).queryByRole('button')).toBeNull();
  });

  it('offers no stop and no next run once the drip-feed is final', () => {
    mockApi({});
    renderApp(<RecentOrdersTable orders={[{ ...dripFeed, status: 'partial', remains: 300, dripFeed: { ...plan, nextRunAt: null } }]} />);
    expect(screen.getByText('Drip-feed · 2 of 5 runs · every 30 min')).toBeInTheDocument();
    expect(screen.queryByText(/Next run/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Stop drip-feed/ })).toBeNull();
  });

  it('stops a drip-feed after a confirmation that names the refund: the runs not started × the run price', async () => {
    const api = mockApi({
      'POST /api/orders/482913710/cancel': () => ({
        body: { message: 'Order updated', order: { ...dripFeed, status: 'partial', remains: 300, refund: 270 } },
      }),
    });
    const { user } = renderApp(<RecentOrdersTable orders={[dripFeed]} />);
    await user.click(screen.getByRole('button', { name: 'Stop drip-feed #482913710' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop drip-feed #482913710?' });
    expect(dialog).toHaveTextContent('3 runs have not started: 3 × Rs 90 = Rs 270 goes back to your balance.');
    expect(dialog).toHaveTextContent('The 2 runs already started continue as orders of their own.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Stop drip-feed #482913710' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Stop drip-feed' }));
    expect(await screen.findByText('✅ Drip-feed #482913710 stopped: Rs 270 back to your balance')).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/orders/482913710/cancel']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the confirmation and keeps it open", async () => {
    mockApi({
      'POST /api/orders/482913710/cancel': () => ({
        status: 409,
        body: { message: 'Order is already completed, partial or cancelled', code: 'order_final' },
      }),
    });
    const { user } = renderApp(<RecentOrdersTable orders={[dripFeed]} />);
    await user.click(screen.getByRole('button', { name: 'Stop drip-feed #482913710' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Stop drip-feed' }));
    expect(await within(screen.getByRole('dialog')).findByText('❌ Order is already completed, partial or cancelled')).toBeInTheDocument();
  });
});
