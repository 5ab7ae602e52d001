import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProvidersPanel } from '@/features/admin/providers/components/providers-panel';
import { providerFixture } from '@/testing/providers';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/providers', auth: fakeAuth({ user: admin }) };

const provider = providerFixture;
const run = (id: string) => ({ id, kind: 'services-sync', createdAt: '2025-01-02T03:04:05.000Z' });

describe('ProvidersPanel: services sync', () => {
  it('shows the last sync, what was wrong with the list and the margin alerts; Sync services calls the API and says what it did', async () => {
    const { calls } = mockApi({
      'GET /api/admin/providers': {
        body: {
          providers: [
            provider('a1', {
              servicesSync: { at: '2025-01-02T03:04:05.000Z', problem: 'The provider listed no service: nothing was taken out of sale' },
              marginAlerts: 2,
            }),
            provider('b2', { servicesSync: null, marginAlerts: 0 }),
          ],
        },
      },
      // 202 and where to follow the run; the run as it ended.
      'POST /api/admin/providers/a1/sync-services': {
        status: 202,
        body: { run: { ...run('s1'), state: 'queued' }, follow: '/api/admin/providers/a1/sync-services/s1' },
      },
      'GET /api/admin/providers/a1/sync-services/s1': {
        body: { run: { ...run('s1'), state: 'done', result: { checked: 4, changed: 2, disabled: 1, enabled: 0, alerts: 1 } } },
      },
      'POST /api/admin/providers/b2/sync-services': {
        status: 202,
        body: { run: { ...run('s2'), state: 'queued' }, follow: '/api/admin/providers/b2/sync-services/s2' },
      },
      'GET /api/admin/providers/b2/sync-services/s2': {
        body: {
          run: {
            ...run('s2'),
            state: 'busy',
            error: { code: 'services_sync_running', message: 'A services sync of this provider is already running: try again in a minute' },
          },
        },
      },
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Providers' });
    expect(within(table).getByText('The provider listed no service: nothing was taken out of sale')).toBeInTheDocument();
    expect(within(table).getByText('2 services under the margin')).toBeInTheDocument();
    expect(within(table).getByText('Never synced')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Sync services of Panel a1' }));
    expect(
      await screen.findByText('✅ Panel a1 synced: 4 services checked, 2 changed, 1 taken out of sale, 1 margin alert'),
    ).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Sync services of Panel b2' }));
    expect(await screen.findByText(/already running/)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/admin/providers/a1/sync-services',
        '/api/admin/providers/b2/sync-services',
      ]),
    );
  });
});
