// Route guards: 'Loading...' while the session resolves (under the screen's frame, for the user last
// signed in: app/screen-loading.tsx); nobody signed in → /login; a signed-in customer on an admin route is
// told it is for admins (issue 32; spec §2 sent them to /login, where they were already signed in); an admin
// without the second factor → its step first. Every admin action
// needs the server, so offline the admin screens' controls are disabled, with the reason.
import { lazy, Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { ScreenLoading } from '@/app/screen-loading';
import { Page } from '@/components/layout/page';
import { OnlineOnly } from '@/components/pwa/online-only';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { LoginRedirectState } from '@/features/auth/auth-errors';
import { useAuth } from '@/lib/auth';
import { readOrderPreset } from '@/lib/order-preset';

export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <ScreenLoading />;
  if (status === 'signed-out') {
    const state: LoginRedirectState = { from: location.pathname + location.search, notSignedIn: true };
    // An order page's choice (`/order?service=…`, a link of /services) is kept through the sign-in.
    const preset = location.pathname === paths.order.path ? readOrderPreset(new URLSearchParams(location.search)) : undefined;
    return <Navigate to={paths.login.getHref(preset)} replace state={state} />;
  }
  return <Outlet />;
}

// The second step's screen loads only for an admin who needs it (never on the landing page's path).
const SecondFactor = lazy(() => import('@/features/auth/components/second-factor').then((m) => ({ default: m.SecondFactor })));

/** What a signed-in customer sees at an admin address. */
function AdminsOnly() {
  return (
    <Page title="For admins only" width="max-w-xl">
      <div className="py-16 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">This page is for admins</h1>
        <p className="mt-2 text-slate-600">The admin console runs the panel; your account is a customer’s.</p>
        <Link to={paths.dashboard.getHref()} className={`${buttonClass()} mt-6`}>
          Go to your dashboard
        </Link>
      </div>
    </Page>
  );
}

export function RequireAdmin() {
  const { status, user } = useAuth();
  if (status === 'loading') return <ScreenLoading />;
  if (status === 'signed-out' || !user) return <Navigate to={paths.login.getHref()} replace />;
  if (user.role !== 'admin') return <AdminsOnly />;
  // Signed in with the password alone: the console opens after the second factor.
  if (!user.mfa) {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <SecondFactor />
      </Suspense>
    );
  }
  return (
    <OnlineOnly reason="You are offline. Admin actions are disabled until the connection is back.">
      <Outlet />
    </OnlineOnly>
  );
}
