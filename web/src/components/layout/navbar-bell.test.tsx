// The bell: customers only, the unread count in its name, asked only once the session is restored,
// again each minute and at once when the service worker says a push arrived.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from '@/components/layout/navbar';
import { PUSH_MESSAGE_TYPE } from '@/lib/unread-notifications';
import { fakeServiceWorkerContainer } from '@/testing/push';
import { admin, currentPath, fakeAuth, mockApi, renderApp } from '@/testing/render';

const bellCalls = (calls: { path: string }[]) => calls.filter((call) => call.path === '/api/notifications/unread').length;

afterEach(() => {
  vi.useRealTimers();
});

describe('the bell', () => {
  it('shows the unread count, outside the phone menu, and opens the notifications', async () => {
    mockApi({ 'GET /api/notifications/unread': { body: { unread: 3 } }, 'GET /api/tickets/unread': { body: { unread: 0 } } });
    const { user } = renderApp(<Navbar />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(document.getElementById('mobile-menu')).toBeNull();
    await user.click(bell);
    expect(currentPath()).toBe('/notifications');
  });

  it('drops the count when the page a notification is about is opened: it marks those read', async () => {
    let unread = 2;
    const { calls } = mockApi({
      'GET /api/notifications/unread': () => ({ body: { unread } }),
      'GET /api/tickets/unread': { body: { unread: 0 } },
      'POST /api/notifications/read': () => {
        unread = 1;
        return { status: 204 };
      },
    });
    renderApp(<Navbar />, { route: '/tickets/t-1' });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ url: '/tickets/t-1' }]);
  });

  it('leaves for the bell what arrives while the page stays open', async () => {
    let unread = 0;
    const { calls } = mockApi({
      'GET /api/notifications/unread': () => ({ body: { unread } }),
      'GET /api/tickets/unread': { body: { unread: 0 } },
    });
    const { queryClient } = renderApp(<Navbar />, { route: '/tickets/t-1' });
    // The count known (nothing unread) on this page.
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ['notifications', 'unread'] })[0]?.state.status).toBe('success'),
    );
    unread = 1;
    await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 50));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it.each([
    ['on a section’s own page (the dashboard, where a top-up’s news links and every sign-in lands)', '/dashboard', 1],
    ['while nothing is unread', '/tickets/t-1', 0],
    ['on a page no notification is about (a list searched, a new ticket)', '/orders?q=12', 1],
    ['on the new-ticket page', '/tickets/new', 1],
  ])('marks nothing %s', async (_, route, unread) => {
    const { calls } = mockApi({
      'GET /api/notifications/unread': { body: { unread } },
      'GET /api/tickets/unread': { body: { unread: 0 } },
    });
    const { queryClient } = renderApp(<Navbar />, { route });
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ['notifications', 'unread'] })[0]?.state.status).toBe('success'),
    );
    await new Promise((done) => setTimeout(done, 50));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says no count when everything is read, and shows 99+ past 99', async () => {
    let unread = 0;
    mockApi({ 'GET /api/notifications/unread': () => ({ body: { unread } }), 'GET /api/tickets/unread': { body: { unread: 0 } } });
    const { unmount } = renderApp(<Navbar />);
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    await waitFor(() => expect(bell.textContent).toBe(''));
    unmount();
    unread = 150;
    renderApp(<Navbar />);
    expect(await screen.findByRole('link', { name: 'Notifications, 150 unread' })).toHaveTextContent('99+');
  });

  it('is not there for an admin or a visitor, and asks nothing for them', async () => {
    const { calls } = mockApi({
      'GET /api/notifications/unread': { body: { unread: 1 } },
      'GET /api/tickets/unread': { body: { unread: 0 } },
    });
    const { unmount } = renderApp(<Navbar />, { auth: fakeAuth({ user: admin }) });
    await screen.findByRole('link', { name: 'Admin console' });
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    unmount();
    renderApp(<Navbar />, { auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    await new Promise((done) => setTimeout(done, 50));
    expect(bellCalls(calls)).toBe(0);
  });

  it('waits for the session before asking: the cached user of the first paint has no token yet', async () => {
    const { calls } = mockApi({
      'GET /api/notifications/unread': { body: { unread: 1 } },
      'GET /api/tickets/unread': { body: { unread: 0 } },
    });
    renderApp(<Navbar />, { auth: fakeAuth({ status: 'loading' }) });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 50));
    expect(bellCalls(calls)).toBe(0);
  });

  it('asks again each minute while the page is visible', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls } = mockApi({
      'GET /api/notifications/unread': { body: { unread: 1 } },
      'GET /api/tickets/unread': { body: { unread: 0 } },
    });
    renderApp(<Navbar />);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(bellCalls(calls)).toBe(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(bellCalls(calls)).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(bellCalls(calls)).toBe(2));
  });

  it('asks at once when the service worker says a push arrived, and only for that message', async () => {
    const worker = fakeServiceWorkerContainer();
    let unread = 1;
    const { calls } = mockApi({
      'GET /api/notifications/unread': () => ({ body: { unread } }),
      'GET /api/tickets/unread': { body: { unread: 0 } },
    });
    renderApp(<Navbar />);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    await new Promise((done) => setTimeout(done, 50));
    expect(bellCalls(calls)).toBe(1);
    unread = 2;
    worker.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE_TYPE, kind: 'order' } }));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(bellCalls(calls)).toBe(2);
  });
});
