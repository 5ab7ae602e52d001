// The offer to turn pushes on: never on first load, only after an action (here: opening a ticket), only
// where the browser can show notifications and they are not blocked, while this device has no pushes on,
// and not again for 30 days after
// "Not now". Turn on registers this device.
import type { Ticket } from '@shared/tickets';
import { act, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PushOptInCard } from '@/components/pwa/push-opt-in-card';
import { paths } from '@/config/paths';
import { NewTicketForm } from '@/features/tickets/components/new-ticket-form';
import { closePushOptIn, OPT_IN_DISMISSED_KEY, OPT_IN_QUIET_MS, offerPushOptIn } from '@/lib/push-opt-in';
import { readPushDevice } from '@/lib/push-token-store';
import { DEMO_WEB_CONFIG, fakeBrowserPush } from '@/testing/push';
import { admin, customer, fakeAuth, mockApi, renderApp } from '@/testing/render';

const ticket: Ticket = {
  _id: 't9',
  kind: 'Other',
  orderIds: [],
  state: 'open',
  unread: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};

const QUESTION = 'Get a notification on this phone when support replies?';
const offer = () => screen.queryByRole('region', { name: 'Notifications on this phone' });

function renderWithTicketForm() {
  const api = mockApi({
    ...DEMO_WEB_CONFIG,
    'POST /api/tickets': { status: 201, body: { ticket } },
    'POST /api/notifications/devices': { status: 204 },
  });
  const view = renderApp(null, {
    route: '/tickets/new',
    routes: (
      <>
        <Route path={paths.newTicket.path} element={<NewTicketForm orders={[]} />} />
        <Route path={paths.ticket.path} element={<h1>Ticket page</h1>} />
      </>
    ),
  });
  return { ...api, ...view };
}

async function openTicket(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(screen.getByLabelText('What is it about?'), 'Other');
  await user.type(screen.getByLabelText('Message'), 'How do refills work?');
  await user.click(screen.getByRole('button', { name: 'Send ticket' }));
  await screen.findByRole('heading', { name: 'Ticket page' });
}

afterEach(() => {
  act(() => closePushOptIn());
});

describe('the offer to turn on notifications', () => {
  it('is not made on first load, and is made after the customer opens a ticket', async () => {
    fakeBrowserPush('default');
    const { user } = renderWithTicketFormAndCard();
    expect(offer()).toBeNull();
    await openTicket(user);
    expect(await screen.findByText(QUESTION)).toBeInTheDocument();
  });

  it('Turn on asks the browser, registers this device and says so', async () => {
    const { browser, user, calls } = await afterOpeningTicket('default');
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Notifications are on for this phone.')).toHaveAttribute('role', 'status');
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const device = readPushDevice();
    expect(device?.uid).toBe(customer.uid);
    expect(calls.filter((call) => call.path === '/api/notifications/devices').map((call) => call.body)).toEqual([{ token: device?.token }]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(offer()).toBeNull();
  });

  it('Not now: gone, and not offered again for 30 days', async () => {
    const { user } = await afterOpeningTicket('default');
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(offer()).toBeNull();
    const at = Number(localStorage.getItem(OPT_IN_DISMISSED_KEY));
    expect(Date.now() - at).toBeLessThan(5_000);
    act(() => offerPushOptIn('order'));
    expect(offer()).toBeNull();
    // A month on, the next action may offer again.
    localStorage.setItem(OPT_IN_DISMISSED_KEY, String(Date.now() - OPT_IN_QUIET_MS - 1));
    act(() => offerPushOptIn('order'));
    expect(await screen.findByText('Get a notification on this phone when your order moves?')).toBeInTheDocument();
  });

  it('a prompt closed unanswered counts as Not now (the browser would block a site that keeps asking)', async () => {
    const { browser, user } = await afterOpeningTicket('default');
    browser.answer = 'default';
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(offer()).toBeNull());
    expect(localStorage.getItem(OPT_IN_DISMISSED_KEY)).not.toBeNull();
  });

  it('says the browser blocked them when the customer refuses in its prompt', async () => {
    const { browser, user } = await afterOpeningTicket('default');
    browser.answer = 'denied';
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for this site');
    expect(readPushDevice()).toBeNull();
  });

  it('is not made when the browser blocks notifications', async () => {
    await afterOpeningTicket('denied');
    expect(offer()).toBeNull();
  });

  it('is made when permission was granted before but this device has no pushes on (after a sign-out)', async () => {
    const { user } = await afterOpeningTicket('granted');
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Notifications are on for this phone.')).toHaveAttribute('role', 'status');
    expect(readPushDevice()?.uid).toBe(customer.uid);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // On now: not offered again after the next action.
    act(() => offerPushOptIn('ticket'));
    expect(offer()).toBeNull();
  });

  it('is not made where the browser cannot show notifications, nor to an admin', async () => {
    const { user, unmount } = renderWithTicketFormAndCard();
    await openTicket(user);
    expect(offer()).toBeNull();
    unmount();
    fakeBrowserPush('default');
    renderApp(<PushOptInCard />, { auth: fakeAuth({ user: admin }) });
    act(() => offerPushOptIn('ticket'));
    expect(offer()).toBeNull();
  });
});

/** The ticket form and the card, the browser's permission at `permission`, once the customer opened a ticket. */
async function afterOpeningTicket(permission: NotificationPermission) {
  const browser = fakeBrowserPush(permission);
  const view = renderWithTicketFormAndCard();
  await openTicket(view.user);
  return { ...view, browser };
}

function renderWithTicketFormAndCard() {
  const view = renderWithTicketForm();
  // The card lives in the root layout, outside the routes: rendered beside them, as there.
  const card = renderApp(<PushOptInCard />, { queryClient: view.queryClient });
  return {
    ...view,
    unmount: () => {
      view.unmount();
      card.unmount();
    },
  };
}
