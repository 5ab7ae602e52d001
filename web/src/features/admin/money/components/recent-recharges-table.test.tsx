import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecentRechargesTable } from '@/features/admin/money/components/recent-recharges-table';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/top-ups', auth: fakeAuth({ user: admin }) };
const recharge = (over: object) => ({
  _id: 'r1',
  user: { _id: 'u2', name: 'Bilal', email: 'bilal@example.com' },
  amount: 1000,
  date: '2026-01-03T05:00:00.000Z',
  method: 'Easypaisa',
  ...over,
});

describe('RecentRechargesTable', () => {
  it('lists each credit, a reversed one with why', async () => {
    mockApi({
      'GET /api/admin/recent-recharges': {
        body: {
          recharges: [
            recharge({}),
            recharge({ _id: 'r0', amount: 500, reversed: { at: '2026-01-04T05:00:00.000Z', reason: 'Paid twice' } }),
          ],
          nextCursor: null,
        },
      },
    });
    renderApp(<RecentRechargesTable />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Recent Recharges' });
    const reversed = within(table).getByText('Rs 500').closest('tr') as HTMLElement;
    expect(within(reversed).getByText('Reversed: Paid twice')).toBeInTheDocument();
    const credited = within(table).getByText('Rs 1,000').closest('tr') as HTMLElement;
    expect(within(credited).queryByText(/Reversed/)).not.toBeInTheDocument();
  });
});
