// The navigation's Tickets link carries the count of our replies the customer has not read, and on a
// phone the menu button says so too (the links hide behind it).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Navbar } from '@/components/layout/navbar';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

describe('the navigation', () => {
  it('shows the unread replies on Tickets and on the phone menu button', async () => {
    mockApi({ 'GET /api/tickets/unread': { body: { unread: 2 } } });
    const { user } = renderApp(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Tickets 2 unread' })).toHaveAttribute('href', '/tickets');
    await user.click(screen.getByRole('button', { name: 'Open menu (2 unread replies)' }));
    expect(
      within(document.getElementById('mobile-menu') as HTMLElement).getByRole('link', { name: 'Tickets 2 unread' }),
    ).toBeInTheDocument();
  });

  it('shows no count when everything is read, and no Tickets link to a visitor', async () => {
    const { calls } = mockApi({ 'GET /api/tickets/unread': { body: { unread: 0 } } });
    const { unmount, queryClient } = renderApp(<Navbar />);
    await screen.findByRole('button', { name: 'Open menu' });
    // Let the count's request finish: one still on its way would land in the next test's recorded calls.
    await waitFor(() => expect(calls.some((call) => call.path === '/api/tickets/unread') && queryClient.isFetching() === 0).toBe(true));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Tickets' })).toBeInTheDocument();
    unmount();
    calls.length = 0;
    renderApp(<Navbar />, { auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(screen.queryByRole('link', { name: /Tickets/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('links a customer to their Referrals, and not a visitor', async () => {
    mockApi({ 'GET /api/tickets/unread': { body: { unread: 0 } } });
    const { unmount } = renderApp(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Referrals' })).toHaveAttribute('href', '/referrals');
    unmount();
    renderApp(<Navbar />, { auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(screen.queryByRole('link', { name: 'Referrals' })).not.toBeInTheDocument();
  });

  it('waits for the session before asking: the cached user of the first paint has no token yet', async () => {
    const { calls } = mockApi({ 'GET /api/tickets/unread': { body: { unread: 1 } } });
    renderApp(<Navbar />, { auth: fakeAuth({ status: 'loading' }) });
    await screen.findByRole('button', { name: 'Open menu' });
    await new Promise((done) => setTimeout(done, 50));
    expect(calls).toEqual([]);
  });
});

describe('the admin’s bar', () => {
  it('is the console’s on every width: none of a customer’s links and no menu of its own (the console has the one menu)', async () => {
    mockApi({ 'GET /api/tickets/unread': { body: { unread: 0 } } });
    renderApp(<Navbar />, { auth: fakeAuth({ user: admin }) });
    const bar = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['SShohrat', 'Admin console']);
    expect(within(bar).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /menu/ })).toBeNull();
    for (const customerLink of ['Dashboard', 'Place Order', 'Mass Order', 'My Orders', 'Referrals', 'Blog', 'API']) {
      expect(screen.queryByRole('link', { name: customerLink })).toBeNull();
    }
  });
});
