import { MESSAGES } from '@shared/messages';
import { LIMITS, type Order } from '@shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersSection } from '@/features/admin/components/orders-section';
import { admin, currentPath, fakeAuth, ignoreUnknownSearchElement, mockApi, renderApp } from '@/testing/render';

const asAdmin = (route = '/admin/orders') => ({ route, path: '/admin/orders', auth: fakeAuth({ user: admin }) });

function order(number: number, status: Order['status'] = 'pending'): Order {
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
    await user.type(screen.getByLabelText('To (Pakistan date)'), '2026-01-31');
    await user.type(screen.getByLabelText('Search orders'), ' ali@example.com ');
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
