// The console's frame: every section in the sidebar and in the phone menu, the menu a disclosure that
// closes on navigation (and on Escape), and still usable offline, when the guard disables every button.
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAdmin } from '@/app/guards';
import { AdminLayout } from '@/app/routes/admin/layout';
import { ADMIN_SECTIONS } from '@/app/routes/admin/sections';
import { paths } from '@/config/paths';
import { admin, currentPath, fakeAuth, mockApi, renderApp } from '@/testing/render';

const routes = (
  <Route element={<RequireAdmin />}>
    <Route element={<AdminLayout />}>
      {ADMIN_SECTIONS.map((section) => (
        <Route key={section.href} path={section.href} element={<h1>{section.label} screen</h1>} />
      ))}
    </Route>
  </Route>
);

function open(route: string) {
  return renderApp(null, { route, routes, auth: fakeAuth({ status: 'signed-in', user: admin }) });
}

/** The phone menu: the disclosure (CSS hides it on a desktop; jsdom has no CSS). */
const phoneMenu = () => screen.getByText('Admin menu').closest('details') as HTMLDetailsElement;
const sidebar = () => screen.getAllByRole('navigation', { name: 'Admin sections' })[0] as HTMLElement;

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('the admin console frame', () => {
  it('lists every section, in order, in the sidebar and in the phone menu', () => {
    open(paths.admin.getHref());
    const expected = [
      'Overview',
      'Orders',
      'Users',
      'Top-ups',
      'Tickets',
      'Reviews',
      'Services',
      'Providers',
      'Reports',
      'Audit',
      'Settings',
    ];
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expected);
    const menuLinks = within(phoneMenu()).getAllByRole('link', { hidden: true });
    expect(menuLinks.map((link) => link.textContent)).toEqual(expected);
    expect(menuLinks.map((link) => link.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/orders',
      '/admin/users',
      '/admin/top-ups',
      '/admin/tickets',
      '/admin/reviews',
      '/admin/services',
      '/admin/providers',
      '/admin/reports',
      '/admin/audit',
      '/admin/settings',
    ]);
  });

  it('shows beside Tickets how many wait for our answer, and beside Reviews how many wait for approval', async () => {
    mockApi({
      'GET /api/admin/overview': {
        body: {
          pendingTopUps: 0,
          pendingOrders: 0,
          today: { day: '2026-01-02', orders: 0, revenue: 0 },
          ticketsWaiting: 3,
          reviewsWaiting: 2,
        },
      },
    });
    open(paths.admin.getHref());
    expect(await within(sidebar()).findByRole('link', { name: 'Tickets 3 waiting' })).toHaveAttribute('href', '/admin/tickets');
    expect(within(phoneMenu()).getByRole('link', { name: 'Tickets 3 waiting', hidden: true })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Reviews 2 waiting' })).toHaveAttribute('href', '/admin/reviews');
    expect(within(sidebar()).getByRole('link', { name: 'Top-ups' })).toBeInTheDocument();
  });

  it('marks the current section, the Overview only on /admin itself', () => {
    open(paths.adminAudit.getHref());
    expect(within(sidebar()).getByRole('link', { name: 'Audit' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Admin menu').closest('summary')).toHaveTextContent('Admin menu · Audit');
  });

  it('opens the phone menu, and closes it when a section is chosen', async () => {
    const { user } = open(paths.admin.getHref());
    expect(phoneMenu().open).toBe(false);
    await user.click(screen.getByText('Admin menu'));
    expect(phoneMenu().open).toBe(true);
    await user.click(within(phoneMenu()).getByRole('link', { name: 'Top-ups' }));
    expect(currentPath()).toBe('/admin/top-ups');
    expect(screen.getByRole('heading', { name: 'Top-ups screen' })).toBeInTheDocument();
    expect(phoneMenu().open).toBe(false);
  });

  it('closes the phone menu when the current section is chosen again', async () => {
    const { user } = open(paths.adminOrders.getHref());
    await user.click(screen.getByText('Admin menu'));
    await user.click(within(phoneMenu()).getByRole('link', { name: 'Orders' }));
    expect(currentPath()).toBe('/admin/orders');
    expect(phoneMenu().open).toBe(false);
  });

  it('closes the phone menu on Escape, focus back on its toggle', async () => {
    const { user } = open(paths.admin.getHref());
    await user.click(screen.getByText('Admin menu'));
    expect(phoneMenu().open).toBe(true);
    await user.keyboard('{Escape}');
    expect(phoneMenu().open).toBe(false);
    expect(document.activeElement).toBe(phoneMenu().querySelector('summary'));
  });

  // user-event refuses every click inside a disabled fieldset (a stricter rule than browsers', which
  // disable only form controls), so these are plain DOM clicks; the browser test does the same in Chromium.
  it('keeps every section reachable offline, when the guard disables the screens’ buttons', async () => {
    onlineManager.setOnline(false);
    open(paths.admin.getHref());
    expect(screen.getByText('You are offline. Admin actions are disabled until the connection is back.')).toBeInTheDocument();
    expect(phoneMenu().closest('fieldset')).toBeDisabled();
    fireEvent.click(screen.getByText('Admin menu'));
    expect(phoneMenu().open).toBe(true);
    fireEvent.click(within(phoneMenu()).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings screen' })).toBeInTheDocument();
    expect(phoneMenu().open).toBe(false);
  });
});
