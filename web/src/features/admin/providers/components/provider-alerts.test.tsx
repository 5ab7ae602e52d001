import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProviderAlerts } from '@/features/admin/providers/components/provider-alerts';
import { providerFixture } from '@/testing/providers';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

const provider = providerFixture;

const loaded = (calls: RecordedCall[]) =>
  waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/providers')).toHaveLength(1));

describe('ProviderAlerts', () => {
  it('names the providers low on funds and counts the failed and unknown orders, each linked to where it is handled', async () => {
    mockApi({
      'GET /api/admin/providers': {
        body: {
          providers: [
            provider('a1', { name: 'Cheap Panel', lowBalance: true, orders: { waiting: 1, failed: 2, unknown: 0 } }),
            provider('b2', { orders: { waiting: 0, failed: 1, unknown: 1 } }),
            // A disabled provider's balance raises no alert: it is not in use.
            provider('c3', { name: 'Old Panel', active: false, lowBalance: true }),
          ],
        },
      },
    });
    renderApp(<ProviderAlerts />, asAdmin);
    expect(await screen.findByRole('link', { name: 'Low balance: Cheap Panel' })).toHaveAttribute('href', '/admin/providers');
    expect(screen.getByRole('link', { name: '3 orders failed at a provider' })).toHaveAttribute('href', '/admin/orders?fulfilment=failed');
    expect(screen.getByRole('link', { name: '1 order unknown at a provider' })).toHaveAttribute('href', '/admin/orders?fulfilment=unknown');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Old Panel');
  });

  it('shows nothing while every provider is well', async () => {
    const { calls } = mockApi({ 'GET /api/admin/providers': { body: { providers: [provider('a1'), provider('b2')] } } });
    renderApp(<ProviderAlerts />, asAdmin);
    await loaded(calls);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
