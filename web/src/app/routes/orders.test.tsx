import type { Order } from '@shared/schemas/orders';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersRoute } from '@/app/routes/orders';
import { builtInCatalogue } from '@/testing/catalogue';
import { anOrder } from '@/testing/fixtures';
import { customer, fakeAuth, ignoreUnknownSearchElement, type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';
import { SearchProbe } from '@/testing/search-probe';

vi.mock('@/lib/firebase', async () => (await import('@/testing/firebase')).signedInFirebase('u1', 'customer-token'));

const LONG_LINK = `https://www.instagram.com/p/${'C'.repeat(80)}/`;
const completed = anOrder(900000002, {
  serviceId: 'ig-followers-real',
  service: 'Instagram Followers Real',
  link: LONG_LINK,
  quantity: 500,
  price: 550,
  status: 'completed',
  progress: { startCount: 1200 },
  refillUntil: '2026-12-26T10:00:00.000Z',
  createdAt: '2026-11-26T19:30:00.000Z',
});
const pending = anOrder(900000001, { serviceId: 'svc-gone', status: 'pending', price: 20, cancelable: true });
const partial = anOrder(900000000, {
  status: 'partial',
  remains: 400,
  refund: 60,
  refill: {
    _id: '700000001',
    number: 700000001,
    orderId: '900000000',
    state: 'rejected',
    reason: 'The followers did not drop',
    createdAt: '2026-11-25T00:00:00.000Z',
  },
});

let list: (call: RecordedCall) => MockResponse;
let calls: RecordedCall[];
let posted: RecordedCall[];

beforeEach(() => {
  ignoreUnknownSearchElement();
  posted = [];
  list = (call) =>
    call.query.cursor === 'c2'
      ? { body: { orders: [partial], nextCursor: null } }
      : { body: { orders: [completed, pending], nextCursor: 'c2' } };
  ({ calls } = mockApi({
    'GET /api/order/my-orders': (call) => list(call),
    'GET /api/services': { body: builtInCatalogue },
    'POST /api/orders/900000002/refill': (call) => {
      posted.push(call);
      return {
        status: 201,
        body: {
          message: 'Refill requested',
          refill: { _id: '700000009', number: 700000009, orderId: '900000002', state: 'requested', createdAt: '2026-11-27T00:00:00.000Z' },
        },
      };
    },
    'POST /api/orders/900000001/cancel': (call) => {
      posted.push(call);
      return {
        body: {
          message: 'Order status updated to cancelled',
          order: { ...pending, status: 'cancelled', refund: 20, cancelable: undefined },
        },
      };
    },
  }));
});

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

const open = (query = '') =>
  renderApp(
    <>
      <OrdersRoute />
      <SearchProbe />
    </>,
    { route: `/orders${query}`, auth: fakeAuth({ user: customer }) },
  );

const rowOf = (number: number) => screen.getByText(`#${number}`).closest('tr') as HTMLElement;
const listCalls = () => calls.filter((call) => call.path === '/api/order/my-orders').map((call) => call.query);

describe('My Orders', () => {
  it('shows each order with its service ID, a short link that opens in a new tab, counts, charge and status; Load more pages on', async () => {
    const { user } = open();
    await screen.findByText('#900000002');
    const row = rowOf(900000002);
    expect(within(row).getByText('Instagram Followers Real')).toBeInTheDocument();
    const igNumber = builtInCatalogue.services.find((s) => s._id === 'ig-followers-real')?.number;
    expect(within(row).getByText(`ID ${igNumber}`)).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: /^instagram\.com\/p\/C+…$/ });
    expect(link).toHaveAttribute('href', LONG_LINK);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.textContent?.length).toBeLessThanOrEqual(32);
    expect(within(row).getByText('Start 1,200')).toBeInTheDocument();
    expect(within(row).getByText('Rs 550')).toBeInTheDocument();
    expect(within(row).getByText('27 Nov 2026, 00:30 PKT')).toBeInTheDocument();
    // A service no longer listed still shows the key it was ordered under.
    expect(within(rowOf(900000001)).getByText('ID svc-gone')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const partialRow = await waitFor(() => rowOf(900000000));
    expect(within(partialRow).getByText('Remains 400')).toBeInTheDocument();
    expect(within(partialRow).getByText('Refunded Rs 60')).toBeInTheDocument();
    expect(within(partialRow).getByTestId('refill-state')).toHaveTextContent('Refill rejected · #700000001The followers did not drop');
    expect(listCalls()).toEqual([{ limit: '25' }, { limit: '25', cursor: 'c2' }]);
  });

  it('asks the API for the chosen tab and search through the URL, and says when nothing matches', async () => {
    list = (call) => ({ body: { orders: call.query.q || call.query.dripFeed ? [] : [completed], nextCursor: null } });
    const { user } = open();
    await screen.findByText('#900000002');
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?tab=completed'));
    await user.click(screen.getByRole('tab', { name: 'Drip-feed' }));
    await screen.findByText('No orders match this search.');
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.type(screen.getByLabelText('Order number or link'), '  123456789 ');
    await user.type(screen.getByLabelText('From'), '01/11/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?q=123456789&from=2026-11-01'));
    await screen.findByText('No orders match this search.');
    expect(listCalls()).toEqual([
      { limit: '25' },
      { limit: '25', status: 'completed' },
      { limit: '25', dripFeed: 'true' },
      // Back on All: its saved list is shown and read again.
      { limit: '25' },
      { limit: '25', q: '123456789', from: '2026-11-01' },
    ]);
  });

  it('asks for a refill with one tap, until the window’s last day, and shows the request instead of the button', async () => {
    const { user } = open();
    await screen.findByText('#900000002');
    const button = within(rowOf(900000002)).getByRole('button', { name: 'Refill order #900000002 (until 26 Dec)' });
    expect(button).toHaveTextContent('Refill (until 26 Dec)');
    const refilled: Order = {
      ...completed,
      refill: { _id: '700000009', number: 700000009, orderId: '900000002', state: 'requested', createdAt: '2026-11-27T00:00:00.000Z' },
    };
    list = () => ({ body: { orders: [refilled, pending], nextCursor: 'c2' } });
    await user.click(button);
    await screen.findByText('Order #900000002: Refill requested (#700000009)');
    await waitFor(() => expect(within(rowOf(900000002)).getByTestId('refill-state')).toHaveTextContent('Refill requested · #700000009'));
    expect(within(rowOf(900000002)).queryByRole('button', { name: /Refill/ })).not.toBeInTheDocument();
    expect(posted.map((call) => call.path)).toEqual(['/api/orders/900000002/refill']);
    // No button where the API offers none: a pending order, a partial one past its window.
    expect(within(rowOf(900000001)).queryByRole('button', { name: /Refill/ })).not.toBeInTheDocument();
  });

  it('cancels a pending order after a confirmation that names the refund', async () => {
    const { user } = open();
    await screen.findByText('#900000001');
    expect(within(rowOf(900000002)).queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    await user.click(within(rowOf(900000001)).getByRole('button', { name: 'Cancel order #900000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #900000001?' });
    expect(dialog).toHaveTextContent('It has not started: Rs 20 goes back to your balance at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(posted).toEqual([]);
    await user.click(within(rowOf(900000001)).getByRole('button', { name: 'Cancel order #900000001' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await screen.findByText('✅ Order #900000001 cancelled: Rs 20 back to your balance');
    expect(posted.map((call) => call.path)).toEqual(['/api/orders/900000001/cancel']);
  });

  it('says a cancel of an order at the provider is asked first, its refund after the confirmation', async () => {
    list = () => ({ body: { orders: [{ ...pending, cancelNeedsConfirmation: true }], nextCursor: null } });
    const { user } = open();
    await screen.findByText('#900000001');
    await user.click(screen.getByRole('button', { name: 'Cancel order #900000001' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'We ask our provider to cancel it. If it agrees, Rs 20 goes back to your balance once it confirms; if the order has already started, it goes on.',
    );
  });

  it('offline: the saved list with Cancel and Refill disabled, and why', async () => {
    const { user } = open();
    await screen.findByText('#900000002');
    act(() => onlineManager.setOnline(false));
    const refill = within(rowOf(900000002)).getByRole('button', { name: /Refill order/ });
    const cancel = within(rowOf(900000001)).getByRole('button', { name: 'Cancel order #900000001' });
    expect(refill).toBeDisabled();
    expect(cancel).toBeDisabled();
    expect(within(rowOf(900000002)).getByText('You are offline: cancel, stop and refill need the connection.')).toBeInTheDocument();
    await user.click(refill);
    expect(posted).toEqual([]);
  });
});
