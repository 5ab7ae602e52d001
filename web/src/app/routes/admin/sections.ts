// The admin console's sections, in menu order: the sidebar (desktop) and the menu (phone) list these.
// A new section (providers, tickets, reviews, reports) is one line here, its paths entry and its child route.
import type { Overview } from '@shared/schemas/reports';
import { paths } from '@/config/paths';

export interface AdminSection {
  label: string;
  href: string;
  /** Active only on this exact path (the Overview, whose path prefixes every other). */
  end?: boolean;
  /**
   * The section's chunk (the same module router.tsx loads lazily). The console fetches every section's
   * chunk once it is open, so each section also opens offline later (the service worker keeps admin
   * chunks only once fetched: they are not precached, customers never download them). Not imported by
   * router.tsx: this module is console code and must stay out of the customers' chunks.
   */
  load: () => Promise<unknown>;
  /** What waits in the section, shown beside its name (from the Overview's figures). */
  waiting?: (overview: Overview) => number | undefined;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: 'Overview', href: paths.admin.getHref(), end: true, load: () => import('@/app/routes/admin/overview') },
  { label: 'Orders', href: paths.adminOrders.getHref(), load: () => import('@/app/routes/admin/orders') },
  {
    label: 'Users',
    href: paths.adminUsers.getHref(),
    load: () => Promise.all([import('@/app/routes/admin/users'), import('@/app/routes/admin/user')]),
  },
  { label: 'Top-ups', href: paths.adminTopUps.getHref(), load: () => import('@/app/routes/admin/top-ups') },
  {
    label: 'Tickets',
    href: paths.adminTickets.getHref(),
    load: () => Promise.all([import('@/app/routes/admin/tickets'), import('@/app/routes/admin/ticket')]),
    waiting: (overview) => overview.ticketsWaiting,
  },
  {
    label: 'Reviews',
    href: paths.adminReviews.getHref(),
    load: () => import('@/app/routes/admin/reviews'),
    waiting: (overview) => overview.reviewsWaiting,
  },
  { label: 'Services', href: paths.adminServices.getHref(), load: () => import('@/app/routes/admin/services') },
  { label: 'Providers', href: paths.adminProviders.getHref(), load: () => import('@/app/routes/admin/providers') },
  { label: 'Reports', href: paths.adminReports.getHref(), load: () => import('@/app/routes/admin/reports') },
  { label: 'Audit', href: paths.adminAudit.getHref(), load: () => import('@/app/routes/admin/audit') },
  { label: 'Settings', href: paths.adminSettings.getHref(), load: () => import('@/app/routes/admin/settings') },
];
