// The real route table: every /admin path is behind RequireAdmin, checked in the table itself and by
// opening each one as a customer and as nobody (both end at /login, no admin screen) and as an admin.
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RequireAdmin } from '@/app/guards';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import type { AuthContextValue } from '@/lib/auth';
import { admin, currentPath, customer, fakeAuth, mockApi, SETTINGS } from '@/testing/render';
import { renderAppRoutes } from '@/testing/render-routes';

interface RouteEntry {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteEntry[];
}

/** Every route of the table that renders something, with its full path and whether RequireAdmin is above it. */
function flatten(entries: RouteEntry[], parentPath = '', guarded = false): { path: string; guarded: boolean }[] {
  return entries.flatMap((entry) => {
    const path =
      entry.path === undefined ? parentPath : entry.path.startsWith('/') ? entry.path : `${parentPath.replace(/\/$/, '')}/${entry.path}`;
    const underGuard =
      guarded ||
      (typeof entry.element === 'object' && entry.element !== null && 'type' in entry.element && entry.element.type === RequireAdmin);
    const self = entry.children ? [] : [{ path: path || '/', guarded: underGuard }];
    return [...self, ...flatten(entry.children ?? [], path, underGuard)];
  });
}

const table = flatten(routes as RouteEntry[]);
const isAdminPath = (path: string) => path === paths.admin.path || path.startsWith(`${paths.admin.path}/`);
const adminPaths = table.filter((route) => isAdminPath(route.path)).map((route) => route.path);

function openAt(path: string, auth: AuthContextValue) {
  mockApi({ 'GET /api/settings': { body: SETTINGS } });
  renderAppRoutes(path, auth);
}

describe('the admin screens', () => {
  it('are all behind RequireAdmin in the route table', () => {
    expect(adminPaths).toContain(paths.admin.path);
    expect(table.filter((route) => isAdminPath(route.path) && !route.guarded)).toEqual([]);
  });

  // The first render loads the route modules on demand, which takes seconds in jsdom on a busy machine.
  const LOADED = { timeout: 10_000 };
  const SLOW = 15_000;

  /** Opens `path` for `auth`: the login screen shows at /login, and no admin screen. */
  async function expectSentToLogin(path: string, auth: AuthContextValue) {
    openAt(path, auth);
    await screen.findByRole('heading', { level: 1, name: 'Login' }, LOADED);
    expect(currentPath()).toBe(paths.login.path);
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  }

  it.each(adminPaths)(
    'tell a customer at %s that it is for admins, without showing it',
    async (path) => {
      openAt(path, fakeAuth({ status: 'signed-in', user: customer }));
      await screen.findByRole('heading', { level: 1, name: 'This page is for admins' }, LOADED);
      expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it.each(adminPaths)(
    'send nobody-signed-in from %s to /login',
    (path) => expectSentToLogin(path, fakeAuth({ status: 'signed-out', user: null })),
    SLOW,
  );

  it(
    'open for an admin',
    async () => {
      // jsdom does not know the <search> element of the admin search forms, and React says so.
      const errors: unknown[][] = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        errors.push(args);
      });
      openAt(paths.admin.path, fakeAuth({ status: 'signed-in', user: admin }));
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, LOADED);
      expect(currentPath()).toBe(paths.admin.path);
      expect(errors.filter(([format, tag]) => !(String(format).includes('is unrecognized in this browser') && tag === 'search'))).toEqual(
        [],
      );
    },
    SLOW,
  );
});
