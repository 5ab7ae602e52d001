// The customer's tickets: the list (state, unread, paging), a new ticket (kind, recent orders to tick
// and numbers typed, the live count, the 5-open limit and a field's refusal shown by code), the thread
// (both sides, a reply), Close and Reopen (and the limit refusing a reopen).
import type { Ticket, TicketMessage } from '@shared/tickets';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Navbar } from '@/components/layout/navbar';
import { paths } from '@/config/paths';
import { NewTicketForm } from '@/features/tickets/components/new-ticket-form';
import { TicketView } from '@/features/tickets/components/ticket-view';
import { TicketsList } from '@/features/tickets/components/tickets-list';
import { aTicket, aTicketMessage } from '@/testing/fixtures';
import { currentPath, type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const ticket = aTicket;
const msg = aTicketMessage;

const tooMany = {
  status: 409,
  body: {
    code: 'too_many_open_tickets',
    message: 'You have 5 open tickets. Please close one or wait for our answer before opening another.',
  },
};

describe('the tickets list', () => {
  it('shows each ticket’s subject, state and unread replies, newest activity first as the server sends them, and pages', async () => {
    const { calls } = mockApi({
      'GET /api/tickets': (call) =>
        call.query.cursor === 'c2'
          ? { body: { tickets: [ticket({ _id: 't3', kind: 'Payment', orderIds: [], state: 'closed' })], nextCursor: null } }
          : {
              body: {
                tickets: [ticket({ _id: 't2', kind: 'Refill', state: 'answered', unread: 2, orderIds: ['1', '2'] }), ticket()],
                nextCursor: 'c2',
              },
            },
    });
    const { user } = renderApp(<TicketsList />, { route: '/tickets' });
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/tickets/t2', '/tickets/t1']);
    expect(links[0]).toHaveTextContent('Refill · #1, #2');
    expect(links[0]).toHaveTextContent('2 unread');
    expect(links[0]).toHaveTextContent('Answered');
    expect(links[1]).toHaveTextContent('Order · #123456789');
    expect(links[1]).toHaveTextContent('Open');
    expect(links[1]).not.toHaveTextContent('unread');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: /Payment/ })).toHaveTextContent('Closed');
    expect(calls.map((call) => call.query.cursor)).toEqual([undefined, 'c2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there is none', async () => {
    mockApi({ 'GET /api/tickets': { body: { tickets: [], nextCursor: null } } });
    renderApp(<TicketsList />, { route: '/tickets' });
    expect(await screen.findByText('No tickets yet.')).toBeInTheDocument();
  });
});

const recent = [
  { number: '123456789', label: 'Instagram Followers · 1 Jan 2026 · pending' },
  { number: '123456790', label: 'TikTok Likes · 1 Jan 2026 · completed' },
];

function renderNew(answer: MockResponse | ((call: RecordedCall) => MockResponse), presetOrder?: string) {
  const api = mockApi({ 'POST /api/tickets': answer });
  const view = renderApp(null, {
    route: '/tickets/new',
    routes: (
      <>
        <Route path={paths.newTicket.path} element={<NewTicketForm orders={recent} presetOrder={presetOrder} />} />
        <Route path={paths.ticket.path} element={<h1>Ticket page</h1>} />
      </>
    ),
  });
  return { ...api, ...view };
}

describe('a new ticket', () => {
  it('opens about the order Get help came from: kind Order, that order ticked, more typed, with a live count', async () => {
    const { calls, user } = renderNew({ status: 201, body: { ticket: ticket({ _id: 't9', orderIds: ['123456789', '55'] }) } }, '123456789');
    expect(screen.getByLabelText('What is it about?')).toHaveValue('Order');
    expect(screen.getByRole('checkbox', { name: /#123456789/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /#123456790/ })).not.toBeChecked();
    await user.type(screen.getByLabelText('Other order numbers'), '#55, 123456789');
    expect(screen.getByText('0 / 2,000 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Not started yet');
    expect(screen.getByText('15 / 2,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    await screen.findByRole('heading', { name: 'Ticket page' });
    expect(currentPath()).toBe('/tickets/t9');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ kind: 'Order', orderIds: ['123456789', '55'], message: 'Not started yet' });
    expect(posts[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a kind and a message before sending, and counts past the limit', async () => {
    const { calls, user } = renderNew({ status: 201, body: { ticket: ticket() } });
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('Choose what the ticket is about')).toBeInTheDocument();
    expect(screen.getByText('Write a message')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Message'));
    await user.paste('x'.repeat(2001));
    expect(screen.getByText('2,001 / 2,000 characters')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Payment');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('A message is at most 2,000 characters')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the 5-open limit by its code, with the way to the open ones, and stays on the form', async () => {
    const { user } = renderNew(tooMany);
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Other');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have 5 open tickets. Please close one or wait for our answer before opening another.');
    expect(within(alert).getByRole('link', { name: 'Your tickets' })).toHaveAttribute('href', '/tickets');
    expect(currentPath()).toBe('/tickets/new');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('shows an order the server refuses under the orders', async () => {
    const { user } = renderNew({
      status: 400,
      body: { code: 'invalid_input', message: 'This order is not one of yours', field: 'orderIds' },
    });
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Order');
    await user.type(screen.getByLabelText('Other order numbers'), '999');
    await user.type(screen.getByLabelText('Message'), 'Where is it?');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    const error = await screen.findByText('This order is not one of yours');
    expect(error.id).toBe('ticket-orders-error');
    expect(error.closest('fieldset')).toHaveAttribute('aria-describedby', 'ticket-orders-error');
  });
});

function renderThread(
  state: { ticket: Ticket; messages: TicketMessage[] },
  extra: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)> = {},
) {
  const api = mockApi({
    'GET /api/tickets/t1': () => ({ body: state }),
    'GET /api/tickets/unread': { body: { unread: 0 } },
    'GET /api/tickets': { body: { tickets: [], nextCursor: null } },
    ...extra,
  });
  return { ...api, ...renderApp(<TicketView id="t1" />, { route: '/tickets/t1' }) };
}

describe('a ticket’s thread', () => {
  it('shows both sides’ messages in order, and sends a reply that joins the thread', async () => {
    const state = {
      ticket: ticket({ state: 'answered' }),
      messages: [msg({}), msg({ _id: 'm2', from: 'admin', body: 'We are checking it', createdAt: '2026-01-02T11:00:00.000Z' })],
    };
    const reply = msg({ _id: 'm3', body: 'Thanks, still waiting', createdAt: '2026-01-02T12:00:00.000Z' });
    const { calls, user } = renderThread(state, {
      'POST /api/tickets/t1/messages': () => {
        state.ticket = ticket({ state: 'open' });
        state.messages = [...state.messages, reply];
        return { status: 201, body: { ticket: state.ticket, message: reply } };
      },
    });
    const thread = await screen.findByRole('list', { name: 'Messages' });
    const items = within(thread).getAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label')?.split(',')[0])).toEqual(['You', 'Shohrat support']);
    expect(items[1]).toHaveTextContent('We are checking it');
    expect(screen.getByText('Answered')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your reply'), 'Thanks, still waiting');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await within(thread).findByText('Thanks, still waiting')).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    expect(screen.getByText('Open')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ message: 'Thanks, still waiting' });
    expect(post?.headers['idempotency-key']).toBeTruthy();
  });

  it('closes: the reply box goes, Reopen comes; Reopen brings it back', async () => {
    const state = { ticket: ticket(), messages: [msg({})] };
    const { user } = renderThread(state, {
      'POST /api/tickets/t1/close': () => {
        state.ticket = ticket({ state: 'closed' });
        return { body: { ticket: state.ticket } };
      },
      'POST /api/tickets/t1/reopen': () => {
        state.ticket = ticket({ state: 'open' });
        return { body: { ticket: state.ticket } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('This ticket is closed. Reopen it to write again.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByLabelText('Your reply')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close ticket' })).toBeInTheDocument();
  });

  it('shows the open limit when a reopen would pass it, and the ticket stays closed', async () => {
    const state = { ticket: ticket({ state: 'closed' }), messages: [msg({})] };
    const { user } = renderThread(state, { 'POST /api/tickets/t1/reopen': tooMany });
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText(/You have 5 open tickets/)).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
  });

  it('a reply to a ticket closed meanwhile says so and shows the ticket closed', async () => {
    const state = { ticket: ticket(), messages: [msg({})] };
    const { user } = renderThread(state, {
      'POST /api/tickets/t1/messages': () => {
        state.ticket = ticket({ state: 'closed' });
        return { status: 409, body: { code: 'ticket_closed', message: 'This ticket is closed: reopen it to write' } };
      },
    });
    await user.type(await screen.findByLabelText('Your reply'), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('This ticket is closed. Reopen it to write again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('says when the ticket is not the customer’s (404 ticket_not_found)', async () => {
    mockApi({ 'GET /api/tickets/t1': { status: 404, body: { code: 'ticket_not_found', message: 'Ticket not found' } } });
    renderApp(<TicketView id="t1" />, { route: '/tickets/t1' });
    expect(await screen.findByText('Ticket not found.')).toBeInTheDocument();
  });

  it('refreshes the navigation’s unread badge once the thread is read', async () => {
    let read = false;
    const { calls } = mockApi({
      'GET /api/tickets/t1': () => {
        read = true;
        return { body: { ticket: ticket({ unread: 0 }), messages: [msg({}), msg({ _id: 'm2', from: 'admin', body: 'Done' })] } };
      },
      'GET /api/tickets/unread': () => ({ body: { unread: read ? 0 : 1 } }),
      'GET /api/tickets': { body: { tickets: [], nextCursor: null } },
    });
    renderApp(
      <>
        <Navbar />
        <TicketView id="t1" />
      </>,
      { route: '/tickets/t1' },
    );
    await screen.findByRole('list', { name: 'Messages' });
    const tickets = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Tickets/ });
    // The badge's fetcher loads with its first count (lib/get-unread-tickets.ts): until its answer the
    // link shows no count either, so wait for the count asked after the thread was read.
    await waitFor(() => {
      const order = calls.map((call) => call.path);
      expect(order.indexOf('/api/tickets/t1')).toBeGreaterThanOrEqual(0);
      expect(order.lastIndexOf('/api/tickets/unread')).toBeGreaterThan(order.indexOf('/api/tickets/t1'));
    });
    await waitFor(() => expect(tickets()).toHaveTextContent(/^Tickets$/));
  });
});
