import type { ProviderServiceItem } from '@shared/providers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProvidersPanel } from '@/features/admin/providers/components/providers-panel';
import { providerFixture } from '@/testing/providers';
import { admin, fakeAuth, fill, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/providers', auth: fakeAuth({ user: admin }) };

const provider = providerFixture;

const theirService = (service: string, fields: Partial<ProviderServiceItem> = {}): ProviderServiceItem => ({
  service,
  name: `Their ${service}`,
  type: 'Default',
  category: 'Instagram Likes',
  rate: 0.12345,
  min: 10,
  max: 50_000,
  refill: false,
  cancel: false,
  dripfeed: false,
  ...fields,
});

const PROVIDERS = [provider('a1'), provider('b2', { name: 'Low one', lowBalance: true, balance: 1, active: false })];
const sent = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

/** The API's 202 for a run of the workers, and the run as GET answers it once it ended. */
const started = (id: string, kind: string, follow: string) => ({
  status: 202,
  body: { run: { id, kind, state: 'queued', createdAt: '2025-01-02T03:04:05.000Z' }, follow },
});
const ended = (id: string, kind: string, fields: Record<string, unknown>) => ({
  body: { run: { id, kind, createdAt: '2025-01-02T03:04:05.000Z', finishedAt: '2025-01-02T03:04:07.000Z', ...fields } },
});

describe('ProvidersPanel', () => {
  it('lists providers with balance, checked time and a low-balance flag, never a key; Check and Disable call the API', async () => {
    const { calls } = mockApi({
      'GET /api/admin/providers': { body: { providers: PROVIDERS } },
      'POST /api/admin/providers/a1/check': started('c1', 'provider-check', '/api/admin/providers/a1/check/c1'),
      'GET /api/admin/providers/a1/check/c1': ended('c1', 'provider-check', {
        state: 'done',
        result: { provider: provider('a1', { balance: 20 }) },
      }),
      'PATCH /api/admin/providers/a1': { body: { provider: provider('a1', { active: false }) } },
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Providers' });
    expect(within(table).getByText('USD 12.50')).toBeInTheDocument();
    expect(within(table).getAllByText('Low balance')).toHaveLength(1);
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
    expect(within(table).getAllByText(/key ending 9f2c/)).toHaveLength(2);

    await user.click(within(table).getByRole('button', { name: 'Check Panel a1' }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/admin/providers/a1/check')).toHaveLength(1));
    expect(await screen.findByText('✅ Panel a1 checked')).toBeInTheDocument();
    expect(sent(calls, 'GET', '/api/admin/providers/a1/check/c1')).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Disable Panel a1' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/providers/a1')[0]?.body).toEqual({ active: false }));
  });

  it('shows each balance’s age, why the last check failed, and the orders waiting, failed and unknown, linked to Orders', async () => {
    mockApi({
      'GET /api/admin/providers': {
        body: {
          providers: [
            provider('a1', { balanceCheckedAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
            provider('b2', {
              name: 'Short one',
              lowBalance: true,
              balanceError: 'No usable answer: no answer within 10 s',
              orders: { waiting: 2, failed: 1, unknown: 3 },
            }),
          ],
        },
      },
    });
    renderApp(<ProvidersPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Providers' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('None waiting')).toBeInTheDocument();
    expect(within(first as HTMLElement).queryByText('Low balance')).toBeNull();
    const row = within(second as HTMLElement);
    expect(row.getByText('Low balance')).toBeInTheDocument();
    expect(row.getByText('Last check failed: No usable answer: no answer within 10 s')).toBeInTheDocument();
    expect(row.getByRole('link', { name: '2 waiting' })).toHaveAttribute('href', '/admin/orders?fulfilment=queued');
    expect(row.getByRole('link', { name: '1 failed' })).toHaveAttribute('href', '/admin/orders?fulfilment=failed');
    expect(row.getByRole('link', { name: '3 unknown' })).toHaveAttribute('href', '/admin/orders?fulfilment=unknown');
  });

  it('syncs now and shows what was sent, checked and changed, then reloads the providers', async () => {
    const { calls } = mockApi({
      'GET /api/admin/providers': { body: { providers: PROVIDERS } },
      'POST /api/admin/providers/sync': started('r1', 'scheduled', '/api/admin/providers/sync/r1'),
      'GET /api/admin/providers/sync/r1': ended('r1', 'scheduled', { state: 'done', result: { sent: 2, checked: 7, changed: 3 } }),
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    await screen.findByRole('table', { name: 'Providers' });
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Sync done: 2 sent, 7 checked, 3 changed')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/admin/providers/sync')).toHaveLength(1);
    await waitFor(() => expect(sent(calls, 'GET', '/api/admin/providers').length).toBeGreaterThan(1));
  });

  it('says so when a sync is already running', async () => {
    mockApi({
      'GET /api/admin/providers': { body: { providers: PROVIDERS } },
      'POST /api/admin/providers/sync': started('r2', 'scheduled', '/api/admin/providers/sync/r2'),
      'GET /api/admin/providers/sync/r2': ended('r2', 'scheduled', {
        state: 'busy',
        error: { code: 'conflict', message: 'A sync is already running: its results show in a minute' },
      }),
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    await screen.findByRole('table', { name: 'Providers' });
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(/A sync is already running/)).toBeInTheDocument();
    expect(screen.queryByText(/Sync done/)).toBeNull();
  });

  it('adds a provider: refuses a bad form before any call, shows the provider’s refusal, then adds it', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { code: 'provider_refused', message: 'The provider answered: Invalid API key' },
    };
    const { calls } = mockApi({
      'GET /api/admin/providers': { body: { providers: [] } },
      'POST /api/admin/providers': () => answer,
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    expect(await screen.findByText('No provider yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    const dialog = screen.getByRole('dialog', { name: 'Add provider' });
    await user.type(within(dialog).getByLabelText('Name'), 'Upstream');
    await fill(user, within(dialog).getByLabelText('API URL'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    expect(await within(dialog).findByText('Enter the provider’s API URL (https://...)')).toBeInTheDocument();
    expect(within(dialog).getByText('API key is required')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/admin/providers')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('API URL'));
    await fill(user, within(dialog).getByLabelText('API URL'), 'https://up.example/api/v2');
    await fill(user, within(dialog).getByLabelText('API key'), 'secret-key-9f2c');
    await user.type(within(dialog).getByLabelText('Rate to PKR'), '278.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    expect(await within(dialog).findByText('❌ The provider answered: Invalid API key')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/admin/providers')[0]?.body).toEqual({
      name: 'Upstream',
      url: 'https://up.example/api/v2',
      key: 'secret-key-9f2c',
      currency: 'USD',
      rateToPkr: 278.5,
    });

    answer = { status: 201, body: { provider: provider('new1', { name: 'Upstream' }) } };
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('browses a provider’s services, shows our rate for the markup, and imports the selected ones with platform and category', async () => {
    const { calls } = mockApi({
      'GET /api/admin/providers': { body: { providers: PROVIDERS } },
      'GET /api/admin/providers/a1/services': { body: { services: [theirService('1'), theirService('2', { rate: 1 })], skipped: 0 } },
      'POST /api/admin/services/import': { status: 201, body: { services: [] } },
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Services of Panel a1' }));
    const dialog = screen.getByRole('dialog', { name: 'Services of Panel a1' });
    const table = await within(dialog).findByRole('table', { name: 'Provider services' });
    // 0.12345 × 278.5 × 1.2 = 41.25699 → Rs 41.26
    expect(within(table).getByText('Rs 41.26')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Markup (%)'));
    await user.type(within(dialog).getByLabelText('Markup (%)'), '12.5');
    expect(within(table).getByText('Rs 38.68')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    expect(await within(dialog).findByText('Choose at least one service')).toBeInTheDocument();
    await user.click(within(table).getByLabelText('Select 2'));
    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    expect(await within(dialog).findByText('Category is required')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/admin/services/import')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Platform'), 'instagram');
    await user.type(within(dialog).getByLabelText('Category'), 'Likes');
    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = sent(calls, 'POST', '/api/admin/services/import');
    expect(post?.body).toEqual({
      providerId: 'a1',
      items: [{ providerServiceId: '2', platform: 'instagram', category: 'Likes', markupPercent: 12.5 }],
    });
    expect(post?.headers['idempotency-key']).toEqual(expect.any(String));
  });

  it('imports a chosen service under our own name when the admin gives one (the provider’s otherwise)', async () => {
    const { calls } = mockApi({
      'GET /api/admin/providers': { body: { providers: PROVIDERS } },
      'GET /api/admin/providers/a1/services': { body: { services: [theirService('1'), theirService('2')], skipped: 0 } },
      'POST /api/admin/services/import': { status: 201, body: { services: [] } },
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Services of Panel a1' }));
    const dialog = screen.getByRole('dialog', { name: 'Services of Panel a1' });
    const table = await within(dialog).findByRole('table', { name: 'Provider services' });
    await user.click(within(table).getByLabelText('Select 1'));
    await user.click(within(table).getByLabelText('Select 2'));
    await user.selectOptions(within(dialog).getByLabelText('Platform'), 'instagram');
    await user.type(within(dialog).getByLabelText('Category'), 'Followers');
    expect(within(dialog).getByText(/Shown as “Instagram Followers <name>”/)).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Name of 2'), '  Real [30 days refill] ');
    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'POST', '/api/admin/services/import')[0]?.body).toEqual({
      providerId: 'a1',
      items: [
        { providerServiceId: '1', platform: 'instagram', category: 'Followers', markupPercent: 20 },
        { providerServiceId: '2', platform: 'instagram', category: 'Followers', name: 'Real [30 days refill]', markupPercent: 20 },
      ],
    });
  });

  it('narrows a long list of the provider’s services by a search, and marks those already in our catalogue', async () => {
    const theirs = Array.from({ length: 150 }, (_, i) => theirService(String(1000 + i), { name: `Followers pack ${i}` }));
    theirs.push(theirService('77', { name: 'TikTok Views HQ', category: 'TikTok Views', refill: true }));
    mockApi({
      'GET /api/admin/providers': { body: { providers: PROVIDERS } },
      'GET /api/admin/providers/a1/services': { body: { services: theirs, skipped: 0 } },
      'GET /api/admin/services': {
        body: {
          services: [
            {
              _id: 'svc-9',
              platform: 'tiktok',
              category: 'Views',
              name: 'TikTok Views Fast',
              ratePer1000: 10,
              min: 100,
              max: 10_000,
              defaultQuantity: 1000,
              active: true,
              provider: { id: 'a1', serviceId: '77', cost: 0.12 },
            },
          ],
          categories: { tiktok: ['Views'], instagram: [], facebook: [] },
        },
      },
    });
    const { user } = renderApp(<ProvidersPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Services of Panel a1' }));
    const dialog = screen.getByRole('dialog', { name: 'Services of Panel a1' });
    const table = await within(dialog).findByRole('table', { name: 'Provider services' });
    // 151 services: the first 100 show, and how to find the rest.
    expect(within(dialog).getByText('151 of 151 services')).toBeInTheDocument();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(100);
    expect(within(dialog).getByText('51 more: narrow the search.')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Search services'), 'tiktok');
    expect(within(dialog).getByText('1 of 151 services')).toBeInTheDocument();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(1);
    expect(await within(table).findByText('Already imported: TikTok Views Fast')).toBeInTheDocument();
    expect(within(table).getByText('TikTok Views · refill')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Search services'));
    await fill(user, within(dialog).getByLabelText('Search services'), 'nothing like it');
    expect(within(dialog).getByText('No service matches the search.')).toBeInTheDocument();
  });
});
