import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from '@/app/guards';
import { ScreenLoading } from '@/app/screen-loading';
import { RootLayout } from '@/components/layout/root-layout';
import { paths } from '@/config/paths';

// Every screen is its own chunk; the landing page loads only what it needs. While the first screen's
// code loads, the layout (header, main, footer) is already there, with the screen's loading state in
// main: the fallback sits on the pathless route below the layout, not on the layout itself.
export const routes = [
  {
    element: <RootLayout />,
    children: [
      {
        hydrateFallbackElement: <ScreenLoading />,
        children: [
          { path: paths.home.path, lazy: () => import('@/app/routes/landing').then((m) => ({ Component: m.LandingRoute })) },
          { path: paths.welcome.path, lazy: () => import('@/app/routes/landing').then((m) => ({ Component: m.LandingRoute })) },
          { path: paths.login.path, lazy: () => import('@/app/routes/login').then((m) => ({ Component: m.LoginRoute })) },
          { path: paths.register.path, lazy: () => import('@/app/routes/register').then((m) => ({ Component: m.RegisterRoute })) },
          { path: paths.contact.path, lazy: () => import('@/app/routes/contact').then((m) => ({ Component: m.ContactRoute })) },
          { path: paths.guide.path, lazy: () => import('@/app/routes/guide').then((m) => ({ Component: m.GuideRoute })) },
          { path: paths.about.path, lazy: () => import('@/app/routes/about').then((m) => ({ Component: m.AboutRoute })) },
          { path: paths.apiDocs.path, lazy: () => import('@/app/routes/api-docs').then((m) => ({ Component: m.ApiDocsRoute })) },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.dashboard.path, lazy: () => import('@/app/routes/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
              { path: paths.order.path, lazy: () => import('@/app/routes/order').then((m) => ({ Component: m.OrderRoute })) },
              { path: paths.massOrder.path, lazy: () => import('@/app/routes/mass-order').then((m) => ({ Component: m.MassOrderRoute })) },
              { path: paths.tickets.path, lazy: () => import('@/app/routes/tickets').then((m) => ({ Component: m.TicketsRoute })) },
              { path: paths.newTicket.path, lazy: () => import('@/app/routes/new-ticket').then((m) => ({ Component: m.NewTicketRoute })) },
              { path: paths.ticket.path, lazy: () => import('@/app/routes/ticket').then((m) => ({ Component: m.TicketRoute })) },
              {
                path: paths.notifications.path,
                lazy: () => import('@/app/routes/notifications').then((m) => ({ Component: m.NotificationsRoute })),
              },
              {
                path: paths.notificationSettings.path,
                lazy: () => import('@/app/routes/notification-settings').then((m) => ({ Component: m.NotificationSettingsRoute })),
              },
              { path: paths.statement.path, lazy: () => import('@/app/routes/statement').then((m) => ({ Component: m.StatementRoute })) },
              { path: paths.apiAccess.path, lazy: () => import('@/app/routes/api-access').then((m) => ({ Component: m.ApiAccessRoute })) },
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
                lazy: () => import('@/app/routes/admin/layout').then((m) => ({ Component: m.AdminLayout })),
                children: [
                  { index: true, lazy: () => import('@/app/routes/admin/overview').then((m) => ({ Component: m.AdminOverviewRoute })) },
                  {
                    path: paths.adminOrders.path,
                    lazy: () => import('@/app/routes/admin/orders').then((m) => ({ Component: m.AdminOrdersRoute })),
                  },
                  {
                    path: paths.adminUsers.path,
                    lazy: () => import('@/app/routes/admin/users').then((m) => ({ Component: m.AdminUsersRoute })),
                  },
                  {
                    path: paths.adminUser.path,
                    lazy: () => import('@/app/routes/admin/user').then((m) => ({ Component: m.AdminUserRoute })),
                  },
                  {
                    path: paths.adminTopUps.path,
                    lazy: () => import('@/app/routes/admin/top-ups').then((m) => ({ Component: m.AdminTopUpsRoute })),
                  },
                  {
                    path: paths.adminServices.path,
                    lazy: () => import('@/app/routes/admin/services').then((m) => ({ Component: m.AdminServicesRoute })),
                  },
                  {
                    path: paths.adminProviders.path,
                    lazy: () => import('@/app/routes/admin/providers').then((m) => ({ Component: m.AdminProvidersRoute })),
                  },
                  {
                    path: paths.adminTickets.path,
                    lazy: () => import('@/app/routes/admin/tickets').then((m) => ({ Component: m.AdminTicketsRoute })),
                  },
                  {
                    path: paths.adminTicket.path,
                    lazy: () => import('@/app/routes/admin/ticket').then((m) => ({ Component: m.AdminTicketRoute })),
                  },
                  {
                    path: paths.adminReports.path,
                    lazy: () => import('@/app/routes/admin/reports').then((m) => ({ Component: m.AdminReportsRoute })),
                  },
                  {
                    path: paths.adminAudit.path,
                    lazy: () => import('@/app/routes/admin/audit').then((m) => ({ Component: m.AdminAuditRoute })),
                  },
                  {
                    path: paths.adminSettings.path,
                    lazy: () => import('@/app/routes/admin/settings').then((m) => ({ Component: m.AdminSettingsRoute })),
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('@/app/routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
