import { MESSAGES } from '@shared/messages';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { screenFrames } from '@/config/screen-frames';
import { AccountSuspended } from '@/features/dashboard/components/account-suspended';
import { DashboardError } from '@/features/dashboard/components/dashboard-error';
import { DeferredSpending } from '@/features/dashboard/components/deferred-spending';
import { SummaryCards } from '@/features/dashboard/components/summary-cards';
import { SupportFooter } from '@/features/dashboard/components/support-footer';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import { RecentOrdersTable } from '@/features/orders/components/recent-orders';
import { RechargeModal } from '@/features/recharge/components/recharge-modal';
import { useTopUpWatch } from '@/features/recharge/hooks/use-top-up-watch';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { deferredComponent } from '@/lib/deferred-component';
import { UserDataNotFoundError, useProfile } from '@/lib/profile';
import { useSettings } from '@/lib/settings';

// The customer's own prices (issue 34): its code and its request after the dashboard's first render; most customers of
// a panel without tiers see nothing of it.
const YourPrices = deferredComponent(
  () => import('@/features/dashboard/components/your-prices').then((module) => module.YourPrices),
  'Your prices',
);

/** Spec §8: the profile call's 401 or 400 is 'Invalid token'; so is any answer with that code. */
/** The customer's orders as purchases: a drip-feed's runs are delivered for it, not bought on their own. */
const purchases = (orders: readonly { dripRun?: unknown }[]) => orders.filter((o) => !o.dripRun).length;

function isInvalidToken(error: unknown, statuses: readonly number[]) {
  return error instanceof ApiError && (statuses.includes(error.status) || error.code === 'invalid_token');
}

function profileErrorMessage(error: unknown, invalid: boolean) {
  if (invalid) return MESSAGES.invalidToken;
  if (error instanceof UserDataNotFoundError) return error.message;
  return 'Failed to fetch user data';
}

export function DashboardRoute() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const profile = useProfile();
  const orders = useMyOrders();
  const settings = useSettings();
  const [search, setSearch] = useSearchParams();
  // `?recharge=1` (an order page's "Insufficient Balance"): the form opens with the page, unless the account is
  // suspended (its Recharge is disabled, with the reason).
  const [recharging, setRecharging] = useState(search.get('recharge') === '1');
  // A pending top-up lands on screen by itself (balance, bell) once the wallet's SMS credits it.
  useTopUpWatch(profile.isSuccess);
  // `?order=N`: an order notification's link scrolls to that order's row and highlights it.
  const highlightOrder = search.get('order');

  // An invalid token ends the session and goes to /login (spec §4).
  const invalid = isInvalidToken(profile.error, [400, 401]) || isInvalidToken(orders.error, [401]);
  useEffect(() => {
    if (!invalid) return;
    void logout().then(() => navigate(paths.login.getHref(), { replace: true }));
  }, [invalid, logout, navigate]);

  // Only an invalid token ends the session: after a passing failure (offline, a server error) the user
  // is still signed in, and their saved screens still work.
  const goToLogin = () => {
    if (invalid) void logout().then(() => navigate(paths.login.getHref()));
    else navigate(paths.login.getHref());
  };

  let body: ReactNode;
  if (profile.isPending) {
    body = <LoadingBlock className="min-h-[50dvh]" />;
  } else if (profile.isError) {
    body = <DashboardError message={profileErrorMessage(profile.error, invalid)} onLogin={goToLogin} />;
  } else {
    const user = profile.data;
    body = (
      <div className="space-y-6">
        <AccountSuspended blocked={user.blocked} supportChat={settings.data?.supportChat} />
        <SummaryCards
          user={user}
          totalOrders={orders.data ? { count: purchases(orders.data.orders), more: orders.data.nextCursor !== null } : undefined}
          onRecharge={() => setRecharging(true)}
        />
        <DeferredSpending />
        <Card aria-labelledby="recent-orders-heading">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 id="recent-orders-heading" className="text-lg font-bold text-slate-900">
              Recent Orders
            </h2>
            <div className="flex flex-wrap justify-end gap-2">
              <Link to={paths.orders.getHref()} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                All orders
              </Link>
              <Link to={paths.order.getHref()} className={buttonClass({ size: 'sm' })}>
                Place Order
              </Link>
            </div>
          </div>
          {orders.isPending ? (
            <LoadingBlock className="min-h-40" />
          ) : orders.isError ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              Failed to fetch orders
            </p>
          ) : (
            <RecentOrdersTable orders={orders.data.orders} highlight={highlightOrder} />
          )}
        </Card>
        <Card aria-labelledby="reseller-api-heading" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="reseller-api-heading" className="text-lg font-bold text-slate-900">
              Reseller API
            </h2>
            <p className="text-sm text-slate-700">Sell our services from your own site or script, paid from this balance.</p>
          </div>
          <Link to={paths.apiAccess.getHref()} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Get your API key
          </Link>
        </Card>
        <YourPrices />
        <SupportFooter supportChat={settings.data?.supportChat} />
        <RechargeModal
          open={recharging && !user.blocked}
          onClose={() => {
            setRecharging(false);
            if (!search.has('recharge')) return;
            setSearch(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('recharge');
                return next;
              },
              { replace: true },
            );
          }}
          email={user.email}
          settings={settings.data}
          payerNumber={user.payerNumber}
        />
      </div>
    );
  }

  return (
    <Page
      {...screenFrames.dashboard}
      description={
        profile.data ? (
          <>
            Signed in as <bdi>{profile.data.name}</bdi> ({profile.data.email})
          </>
        ) : (
          screenFrames.dashboard.description
        )
      }
    >
      {body}
    </Page>
  );
}
