import type { Overview } from '@shared/schemas/reports';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletAlerts } from '@/features/admin/top-ups/components/wallet-alerts';
import { formatDateTime } from '@/lib/format';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

const overview = (walletPhones?: Overview['walletPhones']): Overview => ({
  pendingTopUps: 0,
  pendingOrders: 0,
  today: { day: '2026-01-01', orders: 0, revenue: 0 },
  ...(walletPhones ? { walletPhones } : {}),
});

describe('WalletAlerts', () => {
  it('names each silent phone, linked to the settings, and counts the payments waiting, linked to Top-ups', async () => {
    const since = '2026-01-01T09:30:00.000Z';
    mockApi({
      'GET /api/admin/overview': {
        body: overview({
          silent: [
            { _id: 'p1', name: 'Shop phone', wallet: 'Easypaisa', lastSeenAt: since },
            { _id: 'p2', name: 'New phone', wallet: 'JazzCash', lastSeenAt: null },
          ],
          unmatchedPayments: 2,
          heldPayments: 1,
        }),
      },
    });
    renderApp(<WalletAlerts />, asAdmin);
    const silent = await screen.findByRole('link', {
      name: `Wallet phone “Shop phone” (Easypaisa) has been silent since ${formatDateTime(since)}: Easypaisa top-ups are checked by hand.`,
    });
    expect(silent).toHaveAttribute('href', '/admin/settings');
    expect(
      screen.getByRole('link', {
        name: 'Wallet phone “New phone” (JazzCash) has not been heard from yet: JazzCash top-ups are checked by hand.',
      }),
    ).toHaveAttribute('href', '/admin/settings');
    expect(screen.getByRole('link', { name: '3 wallet payments wait for you' })).toHaveAttribute('href', '/admin/top-ups');
  });

  it('says one payment in the singular, and shows no phone line while every phone is heard from', async () => {
    mockApi({ 'GET /api/admin/overview': { body: overview({ silent: [], unmatchedPayments: 0, heldPayments: 1 }) } });
    renderApp(<WalletAlerts />, asAdmin);
    expect(await screen.findByRole('link', { name: '1 wallet payment waits for you' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('Wallet phone');
  });

  it('shows nothing while all is well, or for an answer without the wallet phones', async () => {
    const { calls } = mockApi({ 'GET /api/admin/overview': { body: overview({ silent: [], unmatchedPayments: 0, heldPayments: 0 }) } });
    const { unmount } = renderApp(<WalletAlerts />, asAdmin);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    const older = mockApi({ 'GET /api/admin/overview': { body: overview() } });
    renderApp(<WalletAlerts />, asAdmin);
    await waitFor(() => expect(older.calls).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
