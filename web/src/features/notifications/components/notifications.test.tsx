// /notifications: newest first as the server pages them, unread ones marked, Load more, a click marks
// one read and opens its screen, Mark all read, the empty state and the way to the settings.
import type { Notification } from '@shared/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationsRoute } from '@/app/routes/notifications';
import { paths } from '@/config/paths';
import { currentPath, mockApi, renderApp } from '@/testing/render';

const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  _id: id,
  kind: 'order',
  title: `Order #${id} is completed`,
  body: '100 TikTok Followers.',
  url: `/dashboard?order=${id}`,
  read: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

const openList = () => renderApp(<NotificationsRoute />, { route: paths.notifications.getHref() });
const list = () => screen.findByRole('list', { name: 'Your notifications' });

describe('/notifications', () => {
  it('lists them as the server orders them (newest first), the unread ones marked', async () => {
    mockApi({
      'GET /api/notifications': {
        body: {
          notifications: [note('2'), note('1', { read: true, kind: 'topup', title: 'Top-up approved: Rs 500', url: '/dashboard' })],
          nextCursor: null,
        },
      },
    });
    openList();
    const links = within(await list()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Unread: Order #2 is completed/),
      expect.stringMatching(/^Top-up approved: Rs 500/),
    ]);
    expect(links[0]).toHaveAttribute('href', '/dashboard?order=2');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/notifications/settings');
  });

  it('loads the next page with the cursor', async () => {
    const { calls } = mockApi({
      'GET /api/notifications': (call) =>
        call.query.cursor === 'c1'
          ? { body: { notifications: [note('1', { read: true })], nextCursor: null } }
          : { body: { notifications: [note('2', { read: true })], nextCursor: 'c1' } },
    });
    const { user } = openList();
    expect(within(await list()).getAllByRole('link')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your notifications' })).getAllByRole('link')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/notifications').map((call) => call.query)).toEqual([
      { limit: '20' },
      { limit: '20', cursor: 'c1' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a click marks that one read and opens its screen in the app', async () => {
    const { calls } = mockApi({
      'GET /api/notifications': { body: { notifications: [note('7', { url: '/tickets/t9', kind: 'ticket' })], nextCursor: null } },
      'POST /api/notifications/read': { status: 204 },
    });
    const { user } = openList();
    await user.click(within(await list()).getByRole('link', { name: /Order #7/ }));
    expect(currentPath()).toBe('/tickets/t9');
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ ids: ['7'] }]));
  });

  it('a click on a read one only opens it', async () => {
    const { calls } = mockApi({
      'GET /api/notifications': { body: { notifications: [note('7', { read: true })], nextCursor: null } },
    });
    const { user } = openList();
    await user.click(within(await list()).getByRole('link', { name: /Order #7/ }));
    expect(currentPath()).toBe('/dashboard');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('Mark all read marks everything and the list and bell refetch', async () => {
    let read = false;
    const { calls } = mockApi({
      'GET /api/notifications': () => ({ body: { notifications: [note('2', { read }), note('1', { read })], nextCursor: null } }),
      'POST /api/notifications/read': () => {
        read = true;
        return { status: 204 };
      },
    });
    const { user } = openList();
    await list();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ all: true }]);
    expect(screen.queryByText(/^Unread:/)).toBeNull();
  });

  it('says so when there are none', async () => {
    mockApi({ 'GET /api/notifications': { body: { notifications: [], nextCursor: null } } });
    openList();
    expect(await screen.findByText(/^No notifications yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});
