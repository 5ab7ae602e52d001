// The one route table: every link and redirect goes through these.
import { referralPath } from '@shared/referrals';

/** `path` with `params` as its query string, if any. */
const withQuery = (path: string, params?: Record<string, string> | URLSearchParams) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

/** What to order, chosen before the order page: a service, or a platform and a category (lib/order-preset.ts reads it). */
interface Preset {
  service?: string | undefined;
  platform?: string | undefined;
  category?: string | undefined;
}
const presetQuery = (preset?: Preset) =>
  Object.fromEntries(
    Object.entries(preset ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );

export const paths = {
  home: { path: '/', getHref: () => '/' },
  welcome: { path: '/welcome', getHref: () => '/welcome' },
  /** With a preset: a visitor's choice, kept through the sign-in to /order. */
  login: { path: '/login', getHref: (preset?: Preset) => withQuery('/login', presetQuery(preset)) },
  register: { path: '/register', getHref: (preset?: Preset) => withQuery('/register', presetQuery(preset)) },
  /** A customer's referral link: remembers the code on this device and opens sign-up. */
  referralLink: { path: referralPath(':code'), getHref: (code: string) => referralPath(encodeURIComponent(code)) },
  /** The public list of services, with their IDs. */
  services: { path: '/services', getHref: () => '/services' },
  /** The catalogue's changes, newest first. */
  updates: { path: '/updates', getHref: () => '/updates' },
  /** The terms in force: refunds, cancel, refill. */
  terms: { path: '/terms', getHref: () => '/terms' },
  contact: { path: '/contact', getHref: () => '/contact' },
  guide: { path: '/blog', getHref: () => '/blog' },
  about: { path: '/about', getHref: () => '/about' },
  dashboard: {
    path: '/dashboard',
    /**
     * Optionally scrolled to one order's row, highlighted (the links of order notifications), or with the recharge
     * form open (`recharge`: the order pages' "Insufficient Balance").
     */
    getHref: (focus?: { order: string | number } | { recharge: true }) =>
      focus === undefined
        ? '/dashboard'
        : 'order' in focus
          ? `/dashboard?order=${encodeURIComponent(String(focus.order))}`
          : '/dashboard?recharge=1',
  },
  order: { path: '/order', getHref: (preset?: Preset) => withQuery('/order', presetQuery(preset)) },
  massOrder: { path: '/mass-order', getHref: () => '/mass-order' },
  /** The customer's own orders, optionally a tab or a search, e.g. `{ tab: 'completed' }` (the page reads its view from the URL). */
  orders: { path: '/orders', getHref: (view?: Record<string, string>) => withQuery('/orders', view) },
  tickets: { path: '/tickets', getHref: () => '/tickets' },
  newTicket: {
    path: '/tickets/new',
    /** Optionally about one order (the dashboard's "Get help"): kind Order, that order ticked. */
    getHref: (about?: { order: string | number }) =>
      about ? `/tickets/new?order=${encodeURIComponent(String(about.order))}` : '/tickets/new',
  },
  ticket: { path: '/tickets/:id', getHref: (id: string) => `/tickets/${encodeURIComponent(id)}` },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  notificationSettings: { path: '/notifications/settings', getHref: () => '/notifications/settings' },
  /** Optionally filtered, e.g. `{ type: 'refund' }` (the page reads its filters from the URL). */
  statement: { path: '/statement', getHref: (filter?: Record<string, string>) => withQuery('/statement', filter) },
  /** The customer's referral link, sign-ups and earnings, and the transfer of them to the balance. */
  referrals: { path: '/referrals', getHref: () => '/referrals' },
  // The admin console: one section per job, every one under /admin (and its one guard).
  admin: { path: '/admin', getHref: () => '/admin' },
  /** Optionally filtered, e.g. `{ status: 'pending' }` (the section reads its filters from the URL). */
  adminOrders: { path: '/admin/orders', getHref: (filter?: Record<string, string>) => withQuery('/admin/orders', filter) },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminUser: { path: '/admin/users/:uid', getHref: (uid: string) => `/admin/users/${encodeURIComponent(uid)}` },
  adminTopUps: { path: '/admin/top-ups', getHref: () => '/admin/top-ups' },
  adminServices: { path: '/admin/services', getHref: () => '/admin/services' },
  adminProviders: { path: '/admin/providers', getHref: () => '/admin/providers' },
  adminTickets: { path: '/admin/tickets', getHref: () => '/admin/tickets' },
  adminTicket: { path: '/admin/tickets/:id', getHref: (id: string) => `/admin/tickets/${encodeURIComponent(id)}` },
  adminReviews: { path: '/admin/reviews', getHref: () => '/admin/reviews' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  /** Optionally a chosen report, e.g. `{ range: '30d', granularity: 'week' }` (the page reads its choice from the URL). */
  adminReports: { path: '/admin/reports', getHref: (choice?: Record<string, string>) => withQuery('/admin/reports', choice) },
  adminSettings: { path: '/admin/settings', getHref: () => '/admin/settings' },
  // Not under /api/: Hosting sends /api/** to the function.
  apiAccess: { path: '/api-access', getHref: () => '/api-access' },
  apiDocs: { path: '/api-docs', getHref: () => '/api-docs' },
} as const;
