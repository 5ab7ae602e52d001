// The admin console's sections, in menu order: the sidebar (desktop) and the menu (phone) list these.
// A new section (providers, tickets, reports) is one line here, its paths entry and its child route.
import { paths } from '@/config/paths';

export interface AdminSection {
  label: string;
  href: string;
  /** Active only on this exact path (the Overview, whose path prefixes every other). */
  end?: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: 'Overview', href: paths.admin.getHref(), end: true },
  { label: 'Orders', href: paths.adminOrders.getHref() },
  { label: 'Users', href: paths.adminUsers.getHref() },
  { label: 'Top-ups', href: paths.adminTopUps.getHref() },
  { label: 'Services', href: paths.adminServices.getHref() },
  { label: 'Audit', href: paths.adminAudit.getHref() },
  { label: 'Settings', href: paths.adminSettings.getHref() },
];
