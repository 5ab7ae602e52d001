// Every admin route carries the admin guard itself: no route may rely on another router's prefix
// (which a change of mount order would silently drop).
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { requireAdmin, requireAdminClaim } from './middleware/require-admin';
import { providerPort } from './workers/provider-port';

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: { stack?: Layer[] };
}

/** Every route of the app, with the handlers of its own chain. */
function routes(stack: Layer[]): { path: string; methods: string[]; handlers: unknown[] }[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return [{ path: layer.route.path, methods: Object.keys(layer.route.methods), handlers: layer.route.stack.map((s) => s.handle) }];
    }
    return layer.handle.stack ? routes(layer.handle.stack) : [];
  });
}

/** The second factor's own routes, which an admin's token reaches before passing it. */
const BEFORE_SECOND_FACTOR = ['/admin/mfa', '/admin/mfa/enroll', '/admin/mfa/verify'];

const ADMIN_ONLY_OUTSIDE_ADMIN = [
  ['post', '/auth/change-password/:userId'],
  ['get', '/contact'],
];

describe('the admin guard', () => {
  const all = routes((createApp({ providers: providerPort() }) as unknown as { router: { stack: Layer[] } }).router.stack);

  it('finds the routes', () => {
    expect(all.filter((r) => r.path.startsWith('/admin/')).length).toBeGreaterThan(10);
  });

  it('is on every /admin route and every admin-only route elsewhere', () => {
    const adminRoutes = all.filter(
      (r) =>
        (r.path.startsWith('/admin') && !BEFORE_SECOND_FACTOR.includes(r.path)) ||
        ADMIN_ONLY_OUTSIDE_ADMIN.some(([m, p]) => r.path === p && r.methods.includes(m ?? '')),
    );
    expect(adminRoutes.length).toBeGreaterThan(10);
    const unguarded = adminRoutes.filter((r) => !r.handlers.includes(requireAdmin)).map((r) => `${r.methods.join(',')} ${r.path}`);
    expect(unguarded).toEqual([]);
  });

  it('asks every admin route but the second factor’s own for the second factor; those for the admin claim', () => {
    const own = all.filter((r) => BEFORE_SECOND_FACTOR.includes(r.path));
    expect(own.map((r) => r.path).sort()).toEqual([...BEFORE_SECOND_FACTOR].sort());
    for (const route of own) {
      expect(route.handlers).toContain(requireAdminClaim);
      expect(route.handlers).not.toContain(requireAdmin);
    }
  });
});
