import type { Service } from '@shared/answers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IN_USE_EXPLAINED, ServicesPanel } from '@/features/admin/catalogue/components/services-panel';
import { numberedService } from '@/testing/catalogue';
import { admin, fakeAuth, fill, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/services', auth: fakeAuth({ user: admin }) };

const service = (number: number, fields: Partial<Service> = {}): Service =>
  numberedService(number, { description: '', refill: false, refillDays: 0, cancel: true, ...fields });

const SERVICES = [
  service(101),
  service(102, { name: 'Old views', active: false }),
  service(201, { platform: 'instagram', category: 'Likes', name: 'IG likes' }),
];
const CATEGORIES = { tiktok: ['Views', 'Followers'], instagram: ['Likes'], facebook: [] };

function mockCatalogue(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/admin/services': { body: { services: SERVICES, categories: CATEGORIES } }, ...extra });
}
/** The panel, once its table shows, and the dialog `button` opens (named `title`). */
async function openDialog(button: string, title = button) {
  const { user } = renderApp(<ServicesPanel />, asAdmin);
  await screen.findByRole('table', { name: 'Services' });
  await user.click(screen.getByRole('button', { name: button }));
  return { user, dialog: screen.getByRole('dialog', { name: title }) };
}
const sent = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

describe('ServicesPanel', () => {
  it('finds a service by a part of its name or by its number', async () => {
    mockCatalogue();
    const { user } = renderApp(<ServicesPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Services' });
    await user.type(screen.getByLabelText('Search'), 'OLD VI');
    expect(within(table).getByText('Old views')).toBeInTheDocument();
    expect(within(table).queryByText('IG likes')).toBeNull();
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), '201');
    const found = screen.getByRole('table', { name: 'Services' });
    expect(within(found).getByText('IG likes')).toBeInTheDocument();
    expect(within(found).queryByText('Old views')).toBeNull();
    await user.type(screen.getByLabelText('Search'), '9');
    expect(screen.getByText('No services match.')).toBeInTheDocument();
  });

  it('lists every service, inactive too, and asks the server for the chosen filters', async () => {
    const { fetchMock } = mockCatalogue();
    const { user } = renderApp(<ServicesPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Services' });
    expect(within(table).getByText('Old views')).toBeInTheDocument();
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Platform'), 'tiktok');
    await user.selectOptions(screen.getByLabelText('Category'), 'Followers');
    await user.selectOptions(screen.getByLabelText('Status'), 'false');
    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      expect(Object.fromEntries(last.searchParams)).toEqual({ platform: 'tiktok', category: 'Followers', active: 'false' });
    });
  });

  it('creates a service from the form with an Idempotency-Key, refusing min above max before any call', async () => {
    const { calls } = mockCatalogue({
      'POST /api/admin/services': { status: 201, body: { service: service(400, { name: 'Live viewers' }) } },
    });
    const { user, dialog } = await openDialog('New service');
    await fill(user, within(dialog).getByLabelText('Category'), 'Live Stream');
    await fill(user, within(dialog).getByLabelText('Name'), 'Live viewers');
    await user.type(within(dialog).getByLabelText('Rate per 1000 (Rs)'), '12.5');
    await user.clear(within(dialog).getByLabelText('Min'));
    await user.type(within(dialog).getByLabelText('Min'), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Create service' }));
    expect(await within(dialog).findByText('Max must be at least min')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/admin/services')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Min'));
    await user.type(within(dialog).getByLabelText('Min'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = sent(calls, 'POST', '/api/admin/services');
    expect(post?.body).toEqual({
      platform: 'tiktok',
      category: 'Live Stream',
      name: 'Live viewers',
      ratePer1000: 12.5,
      min: 10,
      max: 10_000,
      defaultQuantity: 100,
      description: '',
      refillDays: 0,
      cancelAllowed: true,
      type: 'Default',
      dripfeed: false,
    });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('✅ Live viewers created')).toBeInTheDocument();
  });

  it('edits a service with PATCH and shows a refusal of the server on its field', async () => {
    const { calls } = mockCatalogue({
      'PATCH /api/admin/services/svc-101': {
        status: 400,
        body: { message: 'Rate can have at most 2 decimals', code: 'invalid_input', field: 'ratePer1000' },
      },
    });
    const { user, dialog } = await openDialog('Edit Views 101');
    await user.clear(within(dialog).getByLabelText('Rate per 1000 (Rs)'));
    await user.type(within(dialog).getByLabelText('Rate per 1000 (Rs)'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await within(dialog).findByText('Rate can have at most 2 decimals')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')[0]?.body).toEqual({ ratePer1000: 25 });
  });

  it('sends only the fields the admin changed, so a rate changed meanwhile (bulk change, another admin) is not put back', async () => {
    const { calls } = mockCatalogue({
      'PATCH /api/admin/services/svc-101': { body: { service: service(101, { name: 'Fast views', ratePer1000: 22 }) } },
    });
    const { user, dialog } = await openDialog('Edit Views 101');
    await user.clear(within(dialog).getByLabelText('Name'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Fast views');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')).toHaveLength(1));
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')[0]?.body).toEqual({ name: 'Fast views' });
  });

  it('makes a service Custom Comments: the type is sent alone', async () => {
    const { calls } = mockCatalogue({
      'PATCH /api/admin/services/svc-101': { body: { service: service(101, { type: 'Custom Comments' }) } },
    });
    const { user, dialog } = await openDialog('Edit Views 101');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('Default');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Custom Comments');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')).toHaveLength(1));
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')[0]?.body).toEqual({ type: 'Custom Comments' });
  });

  it('offers drip-feed on a service with the Drip-feed box, sent alone, and shows it ticked on a service that has it', async () => {
    const igLikes = { platform: 'instagram', category: 'Likes', name: 'IG likes' } as const;
    const { calls } = mockApi({
      'GET /api/admin/services': {
        body: { services: [service(101), service(201, { ...igLikes, dripfeed: true })], categories: CATEGORIES },
      },
      'PATCH /api/admin/services/svc-101': { body: { service: service(101, { dripfeed: true }) } },
      'PATCH /api/admin/services/svc-201': { body: { service: service(201, { ...igLikes, dripfeed: false }) } },
    });
    const { user } = renderApp(<ServicesPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Edit Views 101' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Views 101' });
    const box = within(dialog).getByRole('checkbox', { name: 'Drip-feed' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Customers may order it in runs, one run every interval (not for Custom Comments)');
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')).toHaveLength(1));
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')[0]?.body).toEqual({ dripfeed: true });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Edit IG likes' }));
    dialog = screen.getByRole('dialog', { name: 'Edit IG likes' });
    expect(within(dialog).getByRole('checkbox', { name: 'Drip-feed' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Drip-feed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/services/svc-201')).toHaveLength(1));
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-201')[0]?.body).toEqual({ dripfeed: false });
  });

  it('edits badges: refuses one the service contradicts before any call, sends the list alone, names those the figures hide', async () => {
    const figures = {
      new: false,
      timePer1000: 900,
      medianStart: 7200,
      completedPercent: 90,
      orders30Days: 20,
      asOf: '2026-11-20T12:00:00.000Z',
    };
    const { calls } = mockApi({
      'GET /api/admin/services': { body: { services: [service(101, { badges: ['Instant'], figures })], categories: CATEGORIES } },
      'PATCH /api/admin/services/svc-101': { body: { service: service(101, { badges: ['HQ', 'Non-drop'] }) } },
    });
    const { user, dialog } = await openDialog('Edit Views 101');
    const badges = within(dialog).getByLabelText('Badges');
    expect(badges).toHaveValue('Instant');
    expect(badges).toHaveAccessibleDescription(
      expect.stringContaining('Hidden from customers now: “Instant” says fast, but its orders start in 2 h (median)'),
    );
    await user.clear(badges);
    await user.type(badges, 'HQ, Lifetime refill');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await within(dialog).findByText('The badge “Lifetime refill” says refill, but the service has no refill')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')).toHaveLength(0);
    await user.clear(badges);
    // Fast is new and the measured start (2 h) says otherwise: refused as the server would.
    await user.type(badges, 'Instant, HQ, Fast');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await within(dialog).findByText('The badge “Fast” says fast, but its orders start in 2 h (median)')).toBeInTheDocument();
    await user.clear(badges);
    await user.type(badges, ' HQ ,, Non-drop ');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')).toHaveLength(1));
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')[0]?.body).toEqual({ badges: ['HQ', 'Non-drop'] });
  });

  it('closes an edit that changed nothing without a call', async () => {
    const { calls } = mockCatalogue();
    const { user, dialog } = await openDialog('Edit Views 101');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Views 101' })).not.toBeInTheDocument());
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')).toHaveLength(0);
  });

  it('disables and enables a service', async () => {
    const { calls } = mockCatalogue({
      'PATCH /api/admin/services/svc-101': { body: { service: service(101, { active: false }) } },
      'PATCH /api/admin/services/svc-102': { body: { service: service(102, { active: true }) } },
    });
    const { user } = renderApp(<ServicesPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Disable Views 101' }));
    await user.click(screen.getByRole('button', { name: 'Enable Old views' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/services/svc-102')).toHaveLength(1));
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')[0]?.body).toEqual({ active: false });
    expect(sent(calls, 'PATCH', '/api/admin/services/svc-102')[0]?.body).toEqual({ active: true });
  });

  it('explains a refused delete (orders use the service) and offers to disable it instead', async () => {
    const { calls } = mockCatalogue({
      'DELETE /api/admin/services/svc-101': {
        status: 409,
        body: { message: 'Orders use this service, so it cannot be deleted: disable it instead', code: 'service_in_use' },
      },
      'PATCH /api/admin/services/svc-101': { body: { service: service(101, { active: false }) } },
      'DELETE /api/admin/services/svc-201': { status: 204 },
    });
    const { user } = renderApp(<ServicesPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Delete Views 101' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Views 101?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(IN_USE_EXPLAINED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable instead' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/admin/services/svc-101')[0]?.body).toEqual({ active: false }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete IG likes' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete IG likes?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('✅ IG likes deleted')).toBeInTheDocument();
  });

  it('previews a bulk price change (old → new), then applies exactly what was previewed', async () => {
    const changes = [{ _id: 'svc-101', name: 'Views 101', category: 'Views', from: 20, to: 22 }];
    const { calls } = mockCatalogue({
      'POST /api/admin/services/bulk-price': (call) => ({ body: { changes, applied: !(call.body as { dryRun?: boolean }).dryRun } }),
    });
    const { user, dialog } = await openDialog('Change prices');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Views');
    await user.type(within(dialog).getByLabelText('Change (%)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('table', { name: 'New prices' });
    expect(within(preview).getByText('Views 101')).toBeInTheDocument();
    expect(preview).toHaveTextContent('Rs 20 → Rs 22');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm 1 change' }));
    expect(await screen.findByText('✅ 1 price changed')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/admin/services/bulk-price').map((c) => c.body)).toEqual([
      { platform: 'tiktok', category: 'Views', percent: 10, dryRun: true },
      { platform: 'tiktok', category: 'Views', percent: 10, expected: { 'svc-101': { from: 20, to: 22 } } },
    ]);
  });

  it('applies nothing when the prices moved since the preview: it shows the new preview to confirm again', async () => {
    const first = [{ _id: 'svc-101', name: 'Views 101', category: 'Views', from: 20, to: 22 }];
    const fresh = [{ _id: 'svc-101', name: 'Views 101', category: 'Views', from: 30, to: 33 }];
    let previews = 0;
    const { calls } = mockCatalogue({
      'POST /api/admin/services/bulk-price': (call) => {
        const body = call.body as { dryRun?: boolean; expected?: Record<string, { from: number }> };
        if (body.dryRun) return { body: { changes: previews++ === 0 ? first : fresh, applied: false } };
        if (body.expected?.['svc-101']?.from !== 30) {
          return { status: 409, body: { code: 'preview_outdated', message: 'Prices changed since the preview: preview again' } };
        }
        return { body: { changes: fresh, applied: true } };
      },
    });
    const { user, dialog } = await openDialog('Change prices');
    await user.type(within(dialog).getByLabelText('Change (%)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('table', { name: 'New prices' })).toHaveTextContent('Rs 20 → Rs 22');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm 1 change' }));
    expect(await within(dialog).findByText('❌ Prices changed since the preview: preview again')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('table', { name: 'New prices' })).toHaveTextContent('Rs 30 → Rs 33'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm 1 change' }));
    expect(await screen.findByText('✅ 1 price changed')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/admin/services/bulk-price').filter((c) => !(c.body as { dryRun?: boolean }).dryRun)).toHaveLength(2);
  });

  it('reorders and renames a platform’s categories', async () => {
    const { calls } = mockCatalogue({
      'PUT /api/admin/categories/tiktok': { body: { categories: { ...CATEGORIES, tiktok: ['Followers', 'Views'] } } },
      'POST /api/admin/categories/tiktok/rename': { body: { categories: CATEGORIES, renamed: 2 } },
    });
    const { user } = renderApp(<ServicesPanel />, asAdmin);
    await screen.findByRole('table', { name: 'Services' });
    await user.click(screen.getByRole('button', { name: 'Categories' }));
    await user.click(screen.getByRole('button', { name: 'Move Followers up' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/api/admin/categories/tiktok')[0]?.body).toEqual({ order: ['Followers', 'Views'] }));

    await user.click(screen.getByRole('button', { name: 'Rename Views' }));
    const rename = screen.getByRole('dialog', { name: 'Rename Views' });
    await user.clear(within(rename).getByLabelText('New name'));
    await fill(user, within(rename).getByLabelText('New name'), 'Video Views');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(sent(calls, 'POST', '/api/admin/categories/tiktok/rename')[0]?.body).toEqual({ from: 'Views', to: 'Video Views' }),
    );
    expect(await screen.findByText('✅ Views renamed to Video Views (2 services)')).toBeInTheDocument();
  });
});

describe('ServicesPanel: what the services sync found', () => {
  it('shows a margin alert on the rate and why the sync took a service out of sale; an admin-disabled one has no reason', async () => {
    mockApi({
      'GET /api/admin/services': {
        body: {
          services: [
            service(101, {
              provider: { id: 'p1', serviceId: '7', cost: 1 },
              marginAlert: { cost: 1, ourRate: 20, marginPercent: 7.14, at: '2025-01-02T03:04:05.000Z' },
            } as Partial<Service>),
            service(102, {
              name: 'Gone views',
              active: false,
              offBySync: { reason: 'withdrawn', at: '2025-01-02T03:04:05.000Z' },
            } as Partial<Service>),
            service(103, {
              name: 'Loss views',
              marginAlert: { cost: 1, ourRate: 20, marginPercent: -2.5, at: '2025-01-02T03:04:05.000Z' },
            } as Partial<Service>),
            service(104, { name: 'Off by hand', active: false }),
          ],
          categories: CATEGORIES,
        },
      },
    });
    renderApp(<ServicesPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Services' });
    expect(within(table).getByText('Low margin: 7.14%')).toBeInTheDocument();
    expect(within(table).getByText('Below cost: -2.5%')).toBeInTheDocument();
    expect(within(table).getAllByText('Out of sale: withdrawn by provider')).toHaveLength(1);
  });

  it('says which provider a linked service comes from, at what cost in rupees and with what margin', async () => {
    mockApi({
      'GET /api/admin/services': {
        body: {
          services: [
            service(101, { ratePer1000: 345.8, provider: { id: 'p1', serviceId: '7', cost: 0.95 } } as Partial<Service>),
            service(102),
          ],
          categories: CATEGORIES,
        },
      },
      'GET /api/admin/providers': {
        body: {
          providers: [
            {
              _id: 'p1',
              name: 'Demo provider',
              url: 'https://p1.example/api/v2',
              keyHint: '…0001',
              currency: 'USD',
              rateToPkr: 280,
              active: true,
              balance: 10,
              balanceCheckedAt: null,
              lowBalance: false,
              lowBalanceBelow: null,
              serviceCount: 1,
              balanceError: null,
              orders: { waiting: 0, failed: 0, unknown: 0 },
            },
          ],
          nextCursor: null,
        },
      },
    });
    renderApp(<ServicesPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Services' });
    // 0.95 USD × 280 = Rs 266; 345.80 / 266 = 1.30.
    expect(await within(table).findByText('Demo provider #7 · cost Rs 266 · margin 30%')).toBeInTheDocument();
    expect(within(table).queryAllByText(/Demo provider/)).toHaveLength(1);
  });

  it('flags the previewed services under the margin threshold', async () => {
    const changes = [
      { _id: 'svc-101', name: 'Views 101', category: 'Views', from: 20, to: 18, marginPercent: 3.76, underMargin: true },
      { _id: 'svc-102', name: 'Views 102', category: 'Views', from: 30, to: 27, marginPercent: 40, underMargin: false },
    ];
    mockCatalogue({ 'POST /api/admin/services/bulk-price': { body: { changes, applied: false } } });
    const { user, dialog } = await openDialog('Change prices');
    await user.type(within(dialog).getByLabelText('Change (%)'), '-10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('table', { name: 'New prices' });
    expect(within(preview).getAllByText(/Under the margin threshold/)).toHaveLength(1);
    expect(within(preview).getByText('Under the margin threshold: 3.76%')).toBeInTheDocument();
  });
});
