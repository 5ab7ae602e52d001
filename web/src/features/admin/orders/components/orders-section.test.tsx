import { MESSAGES } from '@shared/messages';
import type { AdminOrder, Fulfilment } from '@shared/providers';
import { LIMITS } from '@shared/schemas/fields';
import type { Order } from '@shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersSection } from '@/features/admin/orders/components/orders-section';
import { admin, currentPath, fakeAuth, fill, ignoreUnknownSearchElement, mockApi, renderApp } from '@/testing/render';

const asAdmin = (route = '/admin/orders') => ({ route, path: '/admin/orders', auth: fakeAuth({ user: admin }) });

function order(number: number, status: Order['status'] = 'pending', fulfilment: Fulfilment = { state: 'manual' }): AdminOrder {
  return {
    _id: String(number),
    number,
    user: { _id: 'u1', name: 'Ali', email: 'ali@example.com' },
    platform: 'tiktok',
    serviceId: 'tt-views-fast',
    service: 'TikTok Views Video Views',
    link: `https://www.tiktok.com/@ali/video/${number}`,
    quantity: 1000,
    price: 20,
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    fulfilment,
  };
}

const SERVICES = [
  {
    _id: 'tt-views-fast',
    number: 121,
    platform: 'tiktok',
    category: 'Views',
    name: 'Video Views',
    ratePer1000: 20,
    min: 100,
    max: 1e7,
    defaultQuantity: 1000,
    description: '',
    active: true,
  },
  {
    _id: 'ig-likes-instant',
    number: 211,
    platform: 'instagram',
    category: 'Likes',
    name: 'Instant Likes',
    ratePer1000: 3,
    min: 10,
    max: 1e5,
    defaultQuantity: 100,
    description: '',
    active: true,
  },
  {
    _id: 'tt-likes-old',
    number: 131,
    platform: 'tiktok',
    category: 'Likes',
    name: 'Old Likes',
    ratePer1000: 5,
    min: 100,
    max: 1e5,
    defaultQuantity: 100,
    description: '',
    active: false,
  },
];
const CATALOGUE = { services: SERVICES, categories: { tiktok: ['Views', 'Likes'], instagram: ['Likes'], facebook: [] } };

describe('OrdersSection', () => {
  beforeEach(ignoreUnknownSearchElement);

  it('sends the filters from the URL, and puts the chosen ones in the URL', async () => {
    const { calls } = mockApi({
      'GET /api/admin/order': { body: { orders: [order(100000001)], nextCursor: null } },
      'GET /api/admin/services': { body: CATALOGUE },
    });
    const { user } = renderApp(<OrdersSection />, asAdmin('/admin/orders?status=pending&platform=tiktok&from=2026-01-01'));
    await screen.findByText('#100000001');
    const listCalls = () => calls.filter((call) => call.path === '/api/admin/order');
    expect(listCalls()[0]?.query).toMatchObject({ status: 'pending', platform: 'tiktok', from: '2026-01-01' });

    // Only the chosen platform's services are offered: the admin catalogue's, disabled ones too (their
    // orders continue), marked as such.
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Service'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All services', 'TikTok · Views · Video Views', 'TikTok · Likes · Old Likes (disabled)']),
    );
    expect(calls.some((call) => call.path === '/api/services')).toBe(false);
    await user.selectOptions(screen.getByLabelText('Service'), 'tt-views-fast');
    await user.type(screen.getByLabelText('To (Pakistan date)'), '31/01/2026');
    await fill(user, screen.getByLabelText('Search orders'), ' ali@example.com ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.query).toMatchObject({
        status: 'pending',
        platform: 'tiktok',
        serviceId: 'tt-views-fast',
        from: '2026-01-01',
        to: '2026-01-31',
        q: 'ali@example.com',
      }),
    );
    expect(currentPath()).toBe('/admin/orders');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(Object.keys(listCalls().at(-1)?.query ?? {})).toEqual(['limit']));
  });

  it('changes the selected orders together and shows each order’s result', async () => {
    const orders = [order(100000001), order(100000002, 'processing'), order(100000003, 'completed')];
    const { calls } = mockApi({
      'GET /api/admin/order': { body: { orders, nextCursor: null } },
      'GET /api/admin/services': { body: CATALOGUE },
      'POST /api/admin/orders/status': {
        body: {
          results: [
            { id: '100000001', ok: true, order: { ...orders[0], status: 'cancelled', refund: 20 } },
            { id: '100000002', ok: false, code: 'busy', message: 'The server is busy, please try again' },
          ],
        },
      },
    });
    const { user } = renderApp(<OrdersSection />, asAdmin());
    await screen.findByText('#100000001');
    // A final order cannot be selected.
    expect(screen.getByLabelText('Select 100000003')).toBeDisabled();
    const update = screen.getByRole('button', { name: 'Update selected' });
    expect(update).toBeDisabled();
    await user.click(screen.getByLabelText('Select 100000001'));
    await user.click(screen.getByLabelText('Select 100000002'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('New status'), 'cancelled');
    await user.click(update);

    const results = await screen.findByRole('list', { name: 'Result of each order' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#100000001: ✅ cancelled', '#100000002: ❌ The server is busy, please try again']);
    expect(screen.getByText('1 of 2 orders updated')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/admin/orders/status')?.body).toEqual({
      ids: ['100000001', '100000002'],
      status: 'cancelled',
    });
    // The refused order stays selected, to try again.
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByLabelText('Select 100000002')).toBeChecked();
  });

  it('drops from the selection an order refused because it became final, so it is not sent again', async () => {
    let orders = [order(100000001), order(100000002, 'processing')];
    const { calls } = mockApi({
      'GET /api/admin/order': () => ({ body: { orders, nextCursor: null } }),
      'GET /api/admin/services': { body: CATALOGUE },
      'POST /api/admin/orders/status': () => {
        // The second order was completed meanwhile (say by the provider's status sync).
        orders = [order(100000001, 'processing'), order(100000002, 'completed')];
        return {
          body: {
            results: [
              { id: '100000001', ok: true, order: orders[0] },
              {
                id: '100000002',
                ok: false,
                code: 'order_final',
                message: 'This order is already final and cannot change',
                field: 'status',
              },
            ],
          },
        };
      },
    });
    const { user } = renderApp(<OrdersSection />, asAdmin());
    await screen.findByText('#100000001');
    await user.click(screen.getByLabelText('Select 100000001'));
    await user.click(screen.getByLabelText('Select 100000002'));
    await user.click(screen.getByRole('button', { name: 'Update selected' }));
    await screen.findByText('1 of 2 orders updated');

    // The refetched list shows it final: its checkbox is disabled, and it is no longer selected.
    await waitFor(() => expect(screen.getByLabelText('Select 100000002')).toBeDisabled());
    expect(screen.getByLabelText('Select 100000002')).not.toBeChecked();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update selected' })).toBeDisabled();
    await user.click(screen.getByLabelText('Select 100000001'));
    await user.click(screen.getByRole('button', { name: 'Update selected' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/admin/orders/status')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/admin/orders/status').at(-1)?.body).toMatchObject({ ids: ['100000001'] });
  });

  it('offers partial for one selected order only, with remains below its quantity', async () => {
    const orders = [order(100000001, 'processing'), order(100000002, 'processing')];
    const { calls } = mockApi({
      'GET /api/admin/order': { body: { orders, nextCursor: null } },
      'GET /api/admin/services': { body: CATALOGUE },
      'POST /api/admin/orders/status': {
        body: { results: [{ id: '100000001', ok: true, order: { ...orders[0], status: 'partial', remains: 400, refund: 8 } }] },
      },
    });
    const { user } = renderApp(<OrdersSection />, asAdmin());
    await screen.findByText('#100000001');
    const status = screen.getByLabelText('New status');
    const partial = () => within(status).getByRole('option', { name: /^partial/ });
    await user.click(screen.getByLabelText('Select 100000001'));
    await user.click(screen.getByLabelText('Select 100000002'));
    // One remains cannot fit several orders (the API refuses it too).
    expect(partial()).toBeDisabled();

    await user.click(screen.getByLabelText('Select 100000002'));
    expect(partial()).toBeEnabled();
    await user.selectOptions(status, 'partial');
    const update = screen.getByRole('button', { name: 'Update selected' });
    expect(update).toBeDisabled(); // partial needs remains
    const remains = screen.getByLabelText('Remains');
    expect(remains).toHaveAttribute('max', '999');
    await user.type(remains, '1000');
    expect(update).toBeDisabled(); // not below the order's quantity
    await user.clear(remains);
    await user.type(remains, '400');
    await user.click(update);
    await screen.findByText('1 of 1 order updated');
    expect(calls.find((call) => call.path === '/api/admin/orders/status')?.body).toEqual({
      ids: ['100000001'],
      status: 'partial',
      remains: 400,
    });

    // Choosing two orders with partial chosen says why it cannot be applied.
    await user.click(screen.getByLabelText('Select 100000001'));
    expect(screen.queryByText(MESSAGES.partialOneOrder)).toBeNull();
    await user.click(screen.getByLabelText('Select 100000002'));
    expect(screen.getByText(MESSAGES.partialOneOrder)).toBeInTheDocument();
    expect(update).toBeDisabled();
  });

  it('selects every order that can still change in one go, and clears the selection', async () => {
    const orders = [order(100000001), order(100000002, 'processing'), order(100000003, 'completed'), order(100000004)];
    mockApi({
      'GET /api/admin/order': { body: { orders, nextCursor: null } },
      'GET /api/admin/services': { body: CATALOGUE },
    });
    const { user } = renderApp(<OrdersSection />, asAdmin());
    await screen.findByText('#100000001');
    await user.click(screen.getByRole('button', { name: 'Select all 3' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    for (const number of [100000001, 100000002, 100000004]) expect(screen.getByLabelText(`Select ${number}`)).toBeChecked();
    // A final order is never selected.
    expect(screen.getByLabelText('Select 100000003')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    expect(screen.getByLabelText('Select 100000001')).not.toBeChecked();
  });

  it('selects at most as many orders as one change takes', async () => {
    const orders = Array.from({ length: LIMITS.bulkOrders + 5 }, (_, index) => order(100000001 + index));
    mockApi({
      'GET /api/admin/order': { body: { orders, nextCursor: null } },
      'GET /api/admin/services': { body: CATALOGUE },
    });
    const { user } = renderApp(<OrdersSection />, asAdmin());
    await screen.findByText('#100000001');
    await user.click(screen.getByRole('button', { name: `Select all ${LIMITS.bulkOrders}` }));
    expect(screen.getByText(`${LIMITS.bulkOrders} selected`)).toBeInTheDocument();
    expect(screen.getByLabelText(`Select ${100000001 + LIMITS.bulkOrders}`)).not.toBeChecked();
  });
});

const PROVIDER = {
  url: 'https://provider.example/api/v2',
  keyHint: '…9f2c',
  currency: 'USD',
  rateToPkr: 280,
  balance: 50,
  balanceCheckedAt: '2026-01-01T00:00:00.000Z',
  lowBalance: false,
  lowBalanceBelow: null,
  serviceCount: 10,
  balanceError: null,
  orders: { waiting: 0, failed: 1, unknown: 1 },
};
const PROVIDERS = {
  providers: [
    { ...PROVIDER, _id: 'pA', name: 'Alpha Panel', active: true },
    { ...PROVIDER, _id: 'pB', name: 'Beta Panel', active: true },
    { ...PROVIDER, _id: 'pC', name: 'Gamma Panel', active: false },
  ],
  nextCursor: null,
};
const betaService = (service: string, name: string, rate: number, min = 100, max = 10_000_000) => ({
  service,
  name,
  type: 'Default',
  category: name,
  rate,
  min,
  max,
  refill: false,
  cancel: true,
  dripfeed: false,
});
const BETA_SERVICES = [
  betaService('301', 'TikTok Views', 0.018),
  betaService('302', 'TikTok Views [Premium]', 0.5),
  betaService('101', 'Instagram Followers', 0.95, 50, 100_000),
  betaService('201', 'YouTube Views', 1.4, 5000),
];
const failed = (number: number) =>
  order(number, 'pending', { state: 'failed', providerId: 'pA', providerServiceId: '7', error: 'Not enough funds on balance', attempt: 1 });
const unknown = (number: number) => order(number, 'pending', { state: 'unknown', providerId: 'pA', providerServiceId: '7', attempt: 1 });

/** The Orders section over `orders`, with the catalogue and the providers; `more` answers any other call. */
function openOrders(orders: AdminOrder[], more: Parameters<typeof mockApi>[0] = {}, route?: string) {
  const { calls } = mockApi({
    'GET /api/admin/order': { body: { orders, nextCursor: null } },
    'GET /api/admin/services': { body: CATALOGUE },
    'GET /api/admin/providers': { body: PROVIDERS },
    ...more,
  });
  return { calls, ...renderApp(<OrdersSection />, asAdmin(route)) };
}

/** Order `number`'s row, once the table shows it. */
const row = async (number: number) => (await screen.findByText(`#${number}`)).closest('tr') as HTMLElement;

describe('OrdersSection: orders at their providers', () => {
  beforeEach(ignoreUnknownSearchElement);

  it('shows each order’s fulfilment, manual orders unchanged', async () => {
    openOrders([
      order(100000001),
      order(100000002, 'processing', { state: 'sent', providerId: 'pA', providerOrderId: '98765', flag: 'Two provider orders' }),
      failed(100000003),
      unknown(100000004),
    ]);
    const manual = await row(100000001);
    expect(within(manual).getByText('Manual')).toBeInTheDocument();
    expect(within(manual).queryByRole('button', { name: /Resend/ })).toBeNull();
    const sent = await row(100000002);
    await within(sent).findByText('Alpha Panel');
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('Provider order 98765')).toBeInTheDocument();
    expect(within(sent).getByText('⚠ Two provider orders')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Resend/ })).toBeNull();
    const refused = await row(100000003);
    expect(within(refused).getByText('Failed')).toBeInTheDocument();
    expect(within(refused).getByText('Not enough funds on balance')).toBeInTheDocument();
    expect(within(refused).getByRole('button', { name: 'Resend order 100000003' })).toBeEnabled();
    const lost = await row(100000004);
    expect(within(lost).getByText('Unknown')).toBeInTheDocument();
    expect(within(lost).getByText('May have been placed at the provider: do not resend blindly.')).toBeInTheDocument();
    expect(within(lost).getByRole('button', { name: 'Mark order 100000004 sent' })).toBeEnabled();
  });

  it('mutes a failed or unknown order the admin has closed since, with no action and no warning left', async () => {
    openOrders([
      { ...failed(100000021), status: 'cancelled' },
      { ...unknown(100000022), status: 'completed' },
    ]);
    const refunded = await row(100000021);
    expect(within(refunded).getByText('Closed: the order is cancelled')).toBeInTheDocument();
    expect(within(refunded).getByText('Failed')).not.toHaveClass('text-red-800');
    expect(within(refunded).queryByRole('button', { name: /Resend|Cancel order/ })).toBeNull();
    const done = await row(100000022);
    expect(within(done).getByText('Closed: the order is completed')).toBeInTheDocument();
    expect(within(done).queryByText('May have been placed at the provider: do not resend blindly.')).toBeNull();
  });

  it('shows "Cancel requested" on a sent order whose cancel waits for the provider, and a refusal', async () => {
    const sent = { state: 'sent' as const, providerId: 'pA', providerOrderId: '98765' };
    openOrders([
      order(100000011, 'pending', { ...sent, cancel: { state: 'requested', at: '2026-01-01T00:00:00.000Z' } }),
      order(100000012, 'processing', {
        ...sent,
        cancel: { state: 'refused', at: '2026-01-01T00:00:00.000Z', error: 'Order can not be canceled' },
      }),
      order(100000013, 'cancelled', { ...sent, cancel: { state: 'requested', at: '2026-01-01T00:00:00.000Z' } }),
    ]);
    expect(within(await row(100000011)).getByText('Cancel requested')).toBeInTheDocument();
    expect(within(await row(100000012)).getByText('Cancel refused: Order can not be canceled')).toBeInTheDocument();
    // Confirmed and refunded: nothing waits any more.
    expect(within(await row(100000013)).queryByText('Cancel requested')).toBeNull();
  });

  it('filters by provider state, which takes no status, platform or service', async () => {
    const { calls, user } = openOrders([failed(100000003)], {}, '/admin/orders?status=pending&from=2026-01-01');
    await screen.findByText('#100000003');
    await user.selectOptions(screen.getByLabelText('Provider state'), 'failed');
    expect(screen.getByLabelText('Status')).toBeDisabled();
    expect(screen.getByLabelText('Platform')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    const listCalls = () => calls.filter((call) => call.path === '/api/admin/order');
    await waitFor(() => expect(listCalls().at(-1)?.query).toEqual({ fulfilment: 'failed', from: '2026-01-01', limit: '50' }));

    // The list is a link: opened again, it asks for the same state.
    expect(screen.getByLabelText('Provider state')).toHaveValue('failed');
  });

  it('resends a failed order to the same provider, or to another active one’s service picked from its list', async () => {
    const { calls, user } = openOrders([failed(100000003)], {
      'GET /api/admin/providers/pB/services': { body: { services: BETA_SERVICES } },
      'POST /api/admin/orders/100000003/resend': (call) => {
        const body = call.body as { providerId?: string; providerServiceId?: string };
        return {
          body: {
            order: order(100000003, 'pending', { state: 'queued', providerId: body.providerId ?? 'pA' }),
            ...(body.providerServiceId === '302'
              ? { warning: 'Sent at a loss: at this provider the order costs Rs 140, the customer paid Rs 20' }
              : {}),
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend order 100000003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend order #100000003' });
    // The same provider first; other active ones; a disabled one is not offered.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Alpha Panel (same provider)', 'Beta Panel']),
    );
    // The same provider asks for no service list.
    expect(within(dialog).queryByRole('group', { name: /Service at/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{}]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('✅ Order #100000003 is queued to be sent again')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend order 100000003' }));
    const again = await screen.findByRole('dialog', { name: 'Resend order #100000003' });
    await user.selectOptions(within(again).getByLabelText('Provider'), 'pB');
    const list = await within(again).findByRole('group', { name: 'Service at Beta Panel' });
    expect(calls.some((call) => call.path === '/api/admin/providers/pB/services')).toBe(true);
    // Another provider needs one of its services; one that does not take the quantity cannot be picked.
    expect(within(again).getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(within(list).getByRole('radio', { name: /#201 YouTube Views/ })).toBeDisabled();
    expect(within(list).getByRole('radio', { name: /#201/ }).closest('label')).toHaveTextContent('Does not take 1,000');
    // The search box narrows the list; each shows what the order costs there, and whether above our price.
    await user.type(within(again).getByLabelText('Search Beta Panel’s services'), 'tiktok');
    expect(
      within(list)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['301', '302']);
    expect(within(list).getByRole('radio', { name: /#301/ }).closest('label')).toHaveTextContent('costs Rs 5.04');
    expect(within(list).getByRole('radio', { name: /#301/ }).closest('label')).not.toHaveTextContent('Above');
    expect(within(list).getByRole('radio', { name: /#302/ }).closest('label')).toHaveTextContent(
      'costs Rs 140Above the Rs 20 the customer paid',
    );
    await user.type(within(again).getByLabelText('Search Beta Panel’s services'), 'zzz');
    expect(within(list).getByText('No service matches.')).toBeInTheDocument();
    await user.clear(within(again).getByLabelText('Search Beta Panel’s services'));
    await user.click(within(list).getByRole('radio', { name: /#302/ }));
    await user.click(within(again).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ providerId: 'pB', providerServiceId: '302' }),
    );
    // Queued at a loss: the dialog stays to say so.
    expect(
      await within(again).findByText('⚠ Sent at a loss: at this provider the order costs Rs 140, the customer paid Rs 20'),
    ).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the API’s refusal of a resend in the dialog', async () => {
    const { user } = openOrders([failed(100000003)], {
      'GET /api/admin/providers/pB/services': { body: { services: BETA_SERVICES } },
      'POST /api/admin/orders/100000003/resend': {
        status: 400,
        body: { message: `${MESSAGES.providerServiceMissing} (301)`, code: 'provider_service_not_found', field: 'providerServiceId' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend order 100000003' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Beta Panel' });
    await user.selectOptions(within(dialog).getByLabelText('Provider'), 'pB');
    await user.click(await within(dialog).findByRole('radio', { name: /#301/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByText(`❌ ${MESSAGES.providerServiceMissing} (301)`)).toBeInTheDocument();
  });

  it('warns that an unknown order may be at the provider, and resends it only once the admin checked', async () => {
    const { calls, user } = openOrders([unknown(100000004)], {
      'POST /api/admin/orders/100000004/resend': { body: { order: order(100000004, 'pending', { state: 'queued', providerId: 'pA' }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend order 100000004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend order #100000004' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('the order may have been placed there');
    const resend = within(dialog).getByRole('button', { name: 'Resend' });
    expect(resend).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I checked the provider’s panel: the order is not there.'));
    await user.click(resend);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  });

  it('marks an order sent with the provider’s order id, after explaining to look at the provider first', async () => {
    const { calls, user } = openOrders([unknown(100000004)], {
      'POST /api/admin/orders/100000004/mark-sent': {
        body: { order: order(100000004, 'pending', { state: 'sent', providerId: 'pA', providerOrderId: '98765' }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark order 100000004 sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark order #100000004 sent' });
    expect(dialog).toHaveTextContent('Check the provider’s panel first');
    const field = within(dialog).getByLabelText('Provider’s order id');

    // An empty or impossible id is refused here, with the shared schema's words, and not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await within(dialog).findByText('The provider’s order id is required')).toBeInTheDocument();
    await fill(user, field, 'no spaces please');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await within(dialog).findByText('That is not an order id the provider can have')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ' 98765 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ providerOrderId: '98765' }]),
    );
    expect(await screen.findByText('✅ Order #100000004 is marked sent')).toBeInTheDocument();
  });

  it('cancels a failed order with its full refund only after the admin confirms', async () => {
    const { calls, user } = openOrders([failed(100000003)], {
      'PUT /api/admin/update-status/100000003': {
        body: { message: 'Order status updated', order: order(100000003, 'cancelled', failed(100000003).fulfilment) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order 100000003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #100000003?' });
    expect(dialog).toHaveTextContent('ali@example.com gets the full Rs 20 back');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order 100000003' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ status: 'cancelled' }]));
    expect(await screen.findByText('✅ Order status updated')).toBeInTheDocument();
  });

  it('shows a sent order’s provider disabled, gone or silent, and one refunded without it', async () => {
    const sent = { state: 'sent' as const, providerOrderId: '98765' };
    openOrders([
      order(100000031, 'pending', { ...sent, providerId: 'pC' }),
      order(100000032, 'processing', { ...sent, providerId: 'pGone' }),
      order(100000033, 'pending', { ...sent, providerId: 'pA', unansweredSince: '2026-01-02T03:04:00.000Z' }),
      order(100000034, 'cancelled', {
        ...sent,
        providerId: 'pGone',
        closedWithoutProvider: { at: '2026-01-03T00:00:00.000Z', by: 'admin@example.com', reason: 'Provider closed its panel' },
      }),
      order(100000035, 'pending', { ...sent, providerId: 'pA' }),
    ]);
    const disabled = await row(100000031);
    expect(await within(disabled).findByText('Gamma Panel (disabled)')).toBeInTheDocument();
    expect(within(disabled).getByRole('button', { name: 'Refund order 100000031 without the provider' })).toBeEnabled();
    // A sent order offers no Resend, Mark sent or plain Cancel (its cancel goes to the provider).
    expect(within(disabled).queryByRole('button', { name: /Resend|Mark order|Cancel order/ })).toBeNull();
    const gone = await row(100000032);
    expect(within(gone).getByText('pGone (provider no longer exists)')).toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Refund order 100000032 without the provider' })).toBeEnabled();
    const silent = await row(100000033);
    expect(within(silent).getByText(/^No status from the provider since /)).toBeInTheDocument();
    const closed = await row(100000034);
    expect(within(closed).getByText('Closed: the order is cancelled')).toBeInTheDocument();
    expect(
      within(closed).getByText(/Refunded without the provider \(.+, admin@example\.com\): Provider closed its panel/),
    ).toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: /without the provider/ })).toBeNull();
    // A provider that answers: nothing to say about it; the action is still there (the admin may know better).
    const healthy = await row(100000035);
    expect(within(healthy).getByText('Alpha Panel')).toBeInTheDocument();
    expect(within(healthy).queryByText(/No status from the provider/)).toBeNull();
    // A manual order and a failed one are closed as usual: no such action.
    expect(screen.getAllByRole('button', { name: /without the provider/ })).toHaveLength(4);
  });

  it('refunds a sent order without its provider only with the risk shown and a reason; remains make it partial', async () => {
    const target = order(100000041, 'pending', { state: 'sent', providerId: 'pC', providerOrderId: '98765' });
    const { calls, user } = openOrders([target, failed(100000042)], {
      'POST /api/admin/orders/100000041/refund-without-provider': {
        body: {
          message: 'Order partial and refunded without the provider’s confirmation',
          order: { ...target, status: 'partial', remains: 400, refund: 8 },
        },
      },
    });
    const failedRow = (await screen.findByText('#100000042')).closest('tr') as HTMLElement;
    expect(within(failedRow).queryByRole('button', { name: /without the provider/ })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Refund order 100000041 without the provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #100000041 without the provider?' });
    expect(within(dialog).getAllByRole('alert')[0]).toHaveTextContent(
      'The provider may still deliver or have delivered: you refund without its confirmation',
    );
    expect(dialog).toHaveTextContent('Cancelled: Rs 20 goes back to ali@example.com.');
    const submit = within(dialog).getByRole('button', { name: 'Refund without provider' });

    // A reason is required, and remains must be under the quantity: refused here, nothing sent.
    await user.click(submit);
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Reason'), 'Provider closed its panel');
    await user.type(within(dialog).getByLabelText('Remains (optional)'), '1000');
    await user.click(submit);
    expect(await within(dialog).findByText('Remains must be between 1 and 999')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Remains (optional)'));
    await user.type(within(dialog).getByLabelText('Remains (optional)'), '400');
    expect(dialog).toHaveTextContent('Partial: Rs 8 goes back to ali@example.com.');
    await user.click(submit);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { reason: 'Provider closed its panel', remains: 400 },
      ]),
    );
    expect(await screen.findByText('✅ Order partial and refunded without the provider’s confirmation')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the API’s refusal, and sends no remains when none is given', async () => {
    const target = order(100000051, 'pending', { state: 'unknown', providerId: 'pA', attempt: 1 });
    const { calls, user } = openOrders([target], {
      'POST /api/admin/orders/100000051/refund-without-provider': {
        status: 409,
        body: { message: MESSAGES.orderFinal, code: 'order_final', field: 'status' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Refund order 100000051 without the provider' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText('Reason'), 'Not in their panel');
    await user.click(within(dialog).getByRole('button', { name: 'Refund without provider' }));
    expect(await within(dialog).findByText(`❌ ${MESSAGES.orderFinal}`)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ reason: 'Not in their panel' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a drip-feed with its runs and offers only Stop on it (no status choice, no provider action); its runs are orders as any', async () => {
    // 5 runs of 1,000 at Rs 20: Rs 100 charged; runs 1 and 2 started.
    const parent: AdminOrder = {
      ...order(100000010, 'processing', { state: 'failed', providerId: 'pA', attempt: 1 }),
      quantity: 5000,
      price: 100,
      dripFeed: {
        runs: 5,
        interval: 60,
        quantity: 1000,
        runsDone: 2,
        nextRunAt: '2026-01-01T02:00:00.000Z',
        orders: [100000011, 100000012],
      },
    };
    const run: AdminOrder = { ...failed(100000012), dripRun: { parent: 100000010, run: 2, runs: 5 } };
    const { calls, user } = openOrders([parent, run], {
      'PUT /api/admin/update-status/100000010': {
        body: { message: 'Order status updated', order: { ...parent, status: 'partial', remains: 3000, refund: 60 } },
      },
    });
    const parentRow = await row(100000010);
    expect(within(parentRow).getByText('Drip-feed · 2 of 5 runs · every 1 h')).toBeInTheDocument();
    expect(within(parentRow).getByText('Runs #100000011, #100000012')).toBeInTheDocument();
    expect(within(parentRow).getByText('1,000 a run')).toBeInTheDocument();
    expect(within(parentRow).getByText('Drip-feed: see its runs')).toBeInTheDocument();
    expect(within(parentRow).queryByRole('combobox')).toBeNull();
    expect(within(parentRow).queryByRole('button', { name: /Resend|Mark order|Cancel order/ })).toBeNull();
    const runRow = await row(100000012);
    expect(within(runRow).getByText('Run 2 of 5 · drip-feed #100000010')).toBeInTheDocument();
    expect(within(runRow).getByText('paid by the drip-feed')).toBeInTheDocument();
    expect(within(runRow).getByRole('combobox', { name: 'Status of order 100000012' })).toBeEnabled();
    expect(within(runRow).getByRole('button', { name: 'Resend order 100000012' })).toBeEnabled();

    await user.click(within(parentRow).getByRole('button', { name: 'Stop drip-feed #100000010' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop drip-feed #100000010?' });
    expect(dialog).toHaveTextContent("3 runs have not started: 3 × Rs 20 = Rs 60 goes back to ali@example.com's balance.");
    expect(dialog).toHaveTextContent('The 2 runs already started continue as orders of their own.');
    await user.click(within(dialog).getByRole('button', { name: 'Stop drip-feed' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ status: 'cancelled' }]));
    expect(await screen.findByText('✅ Order status updated')).toBeInTheDocument();
  });

  it('offers nothing to change on a drip-feed that is over', async () => {
    const parent: AdminOrder = {
      ...order(100000010, 'completed'),
      dripFeed: { runs: 2, interval: 5, quantity: 500, runsDone: 2, nextRunAt: null, orders: [100000011, 100000012] },
    };
    openOrders([parent]);
    const parentRow = (await screen.findByText('#100000010')).closest('tr') as HTMLElement;
    expect(within(parentRow).getByText('Drip-feed · 2 of 2 runs · every 5 min')).toBeInTheDocument();
    expect(within(parentRow).queryByText(/Next run/)).toBeNull();
    expect(within(parentRow).queryByRole('button', { name: /Stop/ })).toBeNull();
    expect(within(parentRow).queryByRole('combobox')).toBeNull();
  });
});
