// Where notifications link: the pages about one thing a customer is told of. Apart from shared/notifications.ts (its
// schemas, zod) so that the web app's header, which marks a page's notifications read when it opens, stays light.

/** Where an order is shown to its customer: the dashboard, scrolled to its row. */
export const orderPath = (orderNumber: string | number) => `/dashboard?order=${orderNumber}`;

/** A ticket's thread. */
export const ticketPath = (ticketId: string) => `/tickets/${ticketId}`;

/**
 * Whether `url` is a page a notification may be about, one thing: an order's row (orderPath) or a ticket's thread
 * (ticketPath). The bell marks those read when the customer opens one (POST /api/notifications/read {url}).
 */
export const isNotificationSubject = (url: string) =>
  /^\/dashboard\?order=\d+$/.test(url) || /^\/tickets\/(?!new$)[A-Za-z0-9_-]+$/.test(url);
