import { type ComponentType, createElement, lazy, type ReactElement, Suspense, useEffect, useLayoutEffect } from 'react';
import { BrowserRouter, matchRoutes, Outlet, type RouteObject, useRoutes } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from '@/app/guards';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { LandingRoute } from '@/app/routes/landing';
import { ScreenLoading } from '@/app/screen-loading';
import { RootLayout } from '@/components/layout/root-layout';
import { paths } from '@/config/paths';
import { afterFirstPaint } from '@/lib/first-paint';
import { markScreenShown, showingScreenFallback, trackScreenImport } from '@/lib/screen-imports';

const preloads = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * A screen whose code is a chunk of its own, loaded when it first renders (React.lazy) or before, when
 * the app opens at its path (preloadScreensAt). Its load while it renders is what the progress bar shows.
 */
function screen(load: () => Promise<ComponentType>): ReactElement {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const element = createElement(lazy(() => trackScreenImport(preload())));
  preloads.set(element, preload);
  return element;
}

/**
 * The code of every screen the URL opens starts loading with the app (once its first render has
 * painted), as the data router did: not only once the session is known and the guard renders the screen.
 */
export function preloadScreensAt(pathname: string): Promise<boolean> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const preload = match.route.element ? preloads.get(match.route.element as ReactElement) : undefined;
    if (preload) loads.push(preload());
  }
  // Whether all of them loaded (a failed one is the screen's to show: its error boundary).
  return Promise.all(loads).then(
    () => true,
    () => false,
  );
}

function ScreenFallback() {
  useLayoutEffect(showingScreenFallback, []);
  return <ScreenLoading />;
}

/** Beside the screen in its boundary: its effect runs once the screen has rendered, a prerendered one hydrated. */
function ScreenShown() {
  useEffect(markScreenShown, []);
  return null;
}

/** While a screen's code loads on the first load, its loading state, in main below the layout. */
function ScreenSuspense() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Outlet />
      <ScreenShown />
    </Suspense>
  );
}

// Every screen is its own chunk; the landing page loads only what it needs. While the first screen's
// code loads, the layout (header, main, footer) is already there, with the screen's loading state in
// main: the Suspense boundary sits on the pathless route below the layout, not on the layout itself.
// A later navigation keeps the screen shown until the next one's code is there (a transition).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <ScreenSuspense />,
        children: [
          // The landing page is in the first render's code: its hero (the page's largest paint) waits for
          // no chunk; what prices its cards is one of its own (routes/landing.tsx).
          { path: paths.home.path, element: <LandingRoute /> },
          { path: paths.welcome.path, element: <LandingRoute /> },
          { path: paths.login.path, element: screen(() => import('@/app/routes/login').then((m) => m.LoginRoute)) },
          { path: paths.register.path, element: screen(() => import('@/app/routes/register').then((m) => m.RegisterRoute)) },
          {
            path: paths.referralLink.path,
            element: screen(() => import('@/app/routes/referral-link').then((m) => m.ReferralLinkRoute)),
          },
          { path: paths.contact.path, element: screen(() => import('@/app/routes/contact').then((m) => m.ContactRoute)) },
          { path: paths.guide.path, element: screen(() => import('@/app/routes/guide').then((m) => m.GuideRoute)) },
          { path: paths.about.path, element: screen(() => import('@/app/routes/about').then((m) => m.AboutRoute)) },
          { path: paths.apiDocs.path, element: screen(() => import('@/app/routes/api-docs').then((m) => m.ApiDocsRoute)) },
          { path: paths.services.path, element: screen(() => import('@/app/routes/services').then((m) => m.ServicesRoute)) },
          { path: paths.updates.path, element: screen(() => import('@/app/routes/updates').then((m) => m.UpdatesRoute)) },
          { path: paths.terms.path, element: screen(() => import('@/app/routes/terms').then((m) => m.TermsRoute)) },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.dashboard.path, element: screen(() => import('@/app/routes/dashboard').then((m) => m.DashboardRoute)) },
              { path: paths.order.path, element: screen(() => import('@/app/routes/order').then((m) => m.OrderRoute)) },
              { path: paths.massOrder.path, element: screen(() => import('@/app/routes/mass-order').then((m) => m.MassOrderRoute)) },
              { path: paths.orders.path, element: screen(() => import('@/app/routes/orders').then((m) => m.OrdersRoute)) },
              { path: paths.tickets.path, element: screen(() => import('@/app/routes/tickets').then((m) => m.TicketsRoute)) },
              { path: paths.newTicket.path, element: screen(() => import('@/app/routes/new-ticket').then((m) => m.NewTicketRoute)) },
              { path: paths.ticket.path, element: screen(() => import('@/app/routes/ticket').then((m) => m.TicketRoute)) },
              {
                path: paths.notifications.path,
                element: screen(() => import('@/app/routes/notifications').then((m) => m.NotificationsRoute)),
              },
              {
                path: paths.notificationSettings.path,
                element: screen(() => import('@/app/routes/notification-settings').then((m) => m.NotificationSettingsRoute)),
              },
              { path: paths.statement.path, element: screen(() => import('@/app/routes/statement').then((m) => m.StatementRoute)) },
              { path: paths.referrals.path, element: screen(() => import('@/app/routes/referrals').then((m) => m.ReferralsRoute)) },
              { path: paths.apiAccess.path, element: screen(() => import('@/app/routes/api-access').then((m) => m.ApiAccessRoute)) },
            ],
          },
          // Every admin screen lives under /admin, below its one guard: a screen added as a child inherits
          // it, and router.test.tsx fails for an /admin path mounted anywhere else. The console's frame and
          // each section are chunks of their own, which customers never load.
          {
            path: paths.admin.path,
            element: <RequireAdmin />,
            children: [
              {
                element: screen(() => import('@/app/routes/admin/layout').then((m) => m.AdminLayout)),
                children: [
                  { index: true, element: screen(() => import('@/app/routes/admin/overview').then((m) => m.AdminOverviewRoute)) },
                  {
                    path: paths.adminOrders.path,
                    element: screen(() => import('@/app/routes/admin/orders').then((m) => m.AdminOrdersRoute)),
                  },
                  {
                    path: paths.adminUsers.path,
                    element: screen(() => import('@/app/routes/admin/users').then((m) => m.AdminUsersRoute)),
                  },
                  {
                    path: paths.adminUser.path,
                    element: screen(() => import('@/app/routes/admin/user').then((m) => m.AdminUserRoute)),
                  },
                  {
                    path: paths.adminTopUps.path,
                    element: screen(() => import('@/app/routes/admin/top-ups').then((m) => m.AdminTopUpsRoute)),
                  },
                  {
                    path: paths.adminServices.path,
                    element: screen(() => import('@/app/routes/admin/services').then((m) => m.AdminServicesRoute)),
                  },
                  {
                    path: paths.adminProviders.path,
                    element: screen(() => import('@/app/routes/admin/providers').then((m) => m.AdminProvidersRoute)),
                  },
                  {
                    path: paths.adminTickets.path,
                    element: screen(() => import('@/app/routes/admin/tickets').then((m) => m.AdminTicketsRoute)),
                  },
                  {
                    path: paths.adminTicket.path,
                    element: screen(() => import('@/app/routes/admin/ticket').then((m) => m.AdminTicketRoute)),
                  },
                  {
                    path: paths.adminReviews.path,
                    element: screen(() => import('@/app/routes/admin/reviews').then((m) => m.AdminReviewsRoute)),
                  },
                  {
                    path: paths.adminReports.path,
                    element: screen(() => import('@/app/routes/admin/reports').then((m) => m.AdminReportsRoute)),
                  },
                  {
                    path: paths.adminAudit.path,
                    element: screen(() => import('@/app/routes/admin/audit').then((m) => m.AdminAuditRoute)),
                  },
                  {
                    path: paths.adminSettings.path,
                    element: screen(() => import('@/app/routes/admin/settings').then((m) => m.AdminSettingsRoute)),
                  },
                ],
              },
            ],
          },
          { path: '*', element: screen(() => import('@/app/routes/not-found').then((m) => m.NotFoundRoute)) },
        ],
      },
    ],
  },
];

/** The app's screens at the router's location (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}

export function AppRouter() {
  useEffect(() => afterFirstPaint(() => preloadScreensAt(window.location.pathname)), []);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
