// The admin's tickets: the list (the server's order, waiting first; a state filter; paging), a ticket
// (the thread, the customer's balance and recent orders with jumps to Orders and Users, a saved reply
// inserted and sent, Close) and the saved replies' manager (add, edit, delete).
import type { Order } from '@shared/schemas/orders';
import type { AdminTicket, SavedReply, TicketMessage } from '@shared/tickets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SavedRepliesManager } from '@/features/admin/support/components/saved-replies-manager';
import { TicketDetail } from '@/features/admin/support/components/ticket-detail';
import { TicketsPanel } from '@/features/admin/support/components/tickets-panel';
import { anOrder, aTicket, aTicketMessage } from '@/testing/fixtures';
import { admin, fakeAuth, type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = (route: string) => ({ route, auth: fakeAuth({ user: admin }) });
const zara = { _id: 'u7', name: 'Zara', email: 'zara@example.com' };

const ticket = (over: Partial<AdminTicket> = {}): AdminTicket => ({
  ...aTicket({ unread: 1 }),
  user: zara,
  preview: 'My followers did not arrive',
  lastCustomerMessageAt: '2026-01-02T10:00:00.000Z',
  ...over,
});
const msg = aTicketMessage;
const order = (number: number, over: Partial<Order> = {}): Order =>
  anOrder(number, {
    user: zara,
    platform: 'instagram',
    serviceId: 'ig-followers',
    service: 'Instagram Followers',
    link: 'https://instagram.com/zara',
    price: 250,
    status: 'pending',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...over,
  });

describe('the admin tickets list', () => {
  it('lists in the server’s order (waiting first), filters by state and pages through everything', async () => {
    const { calls } = mockApi({
      'GET /api/admin/tickets': (call) => {
        if (call.query.state === 'closed')
          return { body: { tickets: [ticket({ _id: 't9', state: 'closed', unread: 0 })], nextCursor: null } };
        if (call.query.cursor === 'c2')
          return { body: { tickets: [ticket({ _id: 't3', state: 'answered', unread: 0 })], nextCursor: null } };
        return {
          body: {
            tickets: [ticket({ _id: 't1' }), ticket({ _id: 't2', kind: 'Payment', orderIds: [], preview: 'I paid 500', unread: 0 })],
            nextCursor: 'c2',
          },
        };
      },
    });
    const { user } = renderApp(<TicketsPanel />, asAdmin('/admin/tickets'));
    const table = await screen.findByRole('table', { name: 'Tickets' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.getAttribute('href'))).toEqual([
      '/admin/tickets/t1',
      '/admin/tickets/t2',
    ]);
    expect(rows[0]).toHaveTextContent('Order · #123456789');
    expect(rows[0]).toHaveTextContent('1 unread');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Zara' })).toHaveAttribute('href', '/admin/users/u7');
    expect(rows[1]).toHaveTextContent('I paid 500');
    expect(calls[0]?.query.state).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(calls[1]?.query).toMatchObject({ cursor: 'c2' });
    await user.selectOptions(screen.getByLabelText('Show'), 'closed');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Tickets' })).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)?.query).toMatchObject({ state: 'closed' });
  });
});

function renderTicket(
  state: { ticket: AdminTicket; messages: TicketMessage[] },
  replies: SavedReply[],
  extra: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)> = {},
) {
  const api = mockApi({
    'GET /api/admin/tickets/t1': () => ({
      body: { ...state, customer: { balance: 1250.5, recentOrders: [order(123456789), order(123456790, { status: 'completed' })] } },
    }),
    'GET /api/admin/tickets': { body: { tickets: [], nextCursor: null } },
    'GET /api/admin/saved-replies': { body: { replies } },
    ...extra,
  });
  return { ...api, ...renderApp(<TicketDetail id="t1" />, asAdmin('/admin/tickets/t1')) };
}

const refillReply: SavedReply = { _id: 'r1', title: 'Refill started', body: 'We started a refill. It completes within 24 hours.' };

describe('an admin ticket', () => {
  it('shows the thread with the customer’s balance and recent orders, each a jump to Orders, the customer a jump to Users', async () => {
    renderTicket({ ticket: ticket(), messages: [msg({}), msg({ _id: 'm2', from: 'admin', body: 'Checking' })] }, []);
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(thread)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-label')?.split(',')[0]),
    ).toEqual(['Zara', 'Support']);
    const aside = screen.getByRole('complementary', { name: 'Customer' });
    expect(within(aside).getByText('Rs 1,250.50')).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'Zara' })).toHaveAttribute('href', '/admin/users/u7');
    const orders = within(aside).getByRole('list', { name: 'Recent orders' });
    expect(within(orders).getByRole('link', { name: 'Order #123456790 in Orders' })).toHaveAttribute('href', '/admin/orders?q=123456790');
    expect(within(orders).getByText('completed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Order/ })).toContainElement(
      screen.getAllByRole('link', { name: 'Order #123456789 in Orders' })[0] as HTMLElement,
    );
  });

  it('inserts a saved reply into the answer and sends it: the ticket is answered', async () => {
    const state = { ticket: ticket(), messages: [msg({})] };
    const { calls, user } = renderTicket(state, [refillReply], {
      'POST /api/admin/tickets/t1/messages': (call) => {
        const sent = msg({ _id: 'm2', from: 'admin', body: (call.body as { message: string }).message });
        state.ticket = ticket({ state: 'answered', unread: 0 });
        state.messages = [...state.messages, sent];
        return { status: 201, body: { ticket: state.ticket, message: sent } };
      },
    });
    const box = await screen.findByLabelText('Your answer');
    await user.type(box, 'Hello Zara,');
    await waitFor(() => expect(screen.getByLabelText('Insert a saved reply')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Insert a saved reply'), 'Refill started');
    expect(box).toHaveValue('Hello Zara,\n\nWe started a refill. It completes within 24 hours.');
    expect(screen.getByLabelText('Insert a saved reply')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    const thread = screen.getByRole('list', { name: 'Messages' });
    expect(await within(thread).findByText(/We started a refill/)).toBeInTheDocument();
    expect(screen.getByText('Answered')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ message: 'Hello Zara,\n\nWe started a refill. It completes within 24 hours.' });
    expect(post?.headers['idempotency-key']).toBeTruthy();
  });

  it('closes the ticket: no answer box after', async () => {
    const state = { ticket: ticket(), messages: [msg({})] };
    const { user } = renderTicket(state, [], {
      'POST /api/admin/tickets/t1/close': () => {
        state.ticket = ticket({ state: 'closed' });
        return { body: { ticket: state.ticket } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('This ticket is closed. The customer can reopen it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your answer')).not.toBeInTheDocument();
  });

  it('an answer to a ticket the customer closed meanwhile says so and shows it closed', async () => {
    const state = { ticket: ticket(), messages: [msg({})] };
    const { user } = renderTicket(state, [], {
      'POST /api/admin/tickets/t1/messages': () => {
        state.ticket = ticket({ state: 'closed' });
        return { status: 409, body: { code: 'ticket_closed', message: 'This ticket is closed: reopen it to write' } };
      },
    });
    await user.type(await screen.findByLabelText('Your answer'), 'Done');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('This ticket is closed. The customer can reopen it.')).toBeInTheDocument();
  });
});

describe('the saved replies manager', () => {
  it('adds, edits and deletes (after a second click)', async () => {
    let replies: SavedReply[] = [refillReply];
    const { calls, user } = (() => {
      const api = mockApi({
        'GET /api/admin/saved-replies': () => ({ body: { replies } }),
        'POST /api/admin/saved-replies': (call) => {
          const reply = { _id: 'r2', ...(call.body as { title: string; body: string }) };
          replies = [...replies, reply];
          return { status: 201, body: { reply } };
        },
        'PUT /api/admin/saved-replies/r1': (call) => {
          const reply = { _id: 'r1', ...(call.body as { title: string; body: string }) };
          replies = replies.map((r) => (r._id === 'r1' ? reply : r));
          return { body: { reply } };
        },
        'DELETE /api/admin/saved-replies/r1': () => {
          replies = replies.filter((r) => r._id !== 'r1');
          return { status: 204 };
        },
      });
      return { ...api, ...renderApp(<SavedRepliesManager />, asAdmin('/admin/tickets/t1')) };
    })();
    const list = await screen.findByRole('list', { name: 'Saved replies' });
    await user.click(screen.getByRole('button', { name: 'Add saved reply' }));
    expect(await screen.findByText('A title is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Payment received');
    await user.type(screen.getByLabelText('Reply'), 'Your payment is in.');
    await user.click(screen.getByRole('button', { name: 'Add saved reply' }));
    expect(await within(list).findByText('Payment received')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Payment received', body: 'Your payment is in.' });

    await user.click(within(list).getByRole('button', { name: 'Edit Refill started' }));
    const edit = screen.getByRole('form', { name: 'Edit saved reply' });
    await user.clear(within(edit).getByLabelText('Title'));
    await user.type(within(edit).getByLabelText('Title'), 'Refill on its way');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await within(list).findByText('Refill on its way')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ title: 'Refill on its way', body: refillReply.body });

    await user.click(within(list).getByRole('button', { name: 'Delete Refill on its way' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(list).getByRole('button', { name: 'Delete “Refill on its way” for good' }));
    await waitFor(() => expect(within(list).queryByText('Refill on its way')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the server’s refusal at the most it keeps', async () => {
    mockApi({
      'GET /api/admin/saved-replies': { body: { replies: [] } },
      'POST /api/admin/saved-replies': {
        status: 409,
        body: { code: 'conflict', message: 'You have 50 saved replies. Delete one before adding another.' },
      },
    });
    const { user } = renderApp(<SavedRepliesManager />, asAdmin('/admin/tickets/t1'));
    expect(await screen.findByText('No saved replies yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'One more');
    await user.type(screen.getByLabelText('Reply'), 'Text');
    await user.click(screen.getByRole('button', { name: 'Add saved reply' }));
    expect(await screen.findByText('❌ You have 50 saved replies. Delete one before adding another.')).toBeInTheDocument();
  });
});
