// The static frame (title, heading, subtitle) of the screens a returning customer opens the app on. It
// needs no session and no data, so it paints with the app's first render, while the screen's code
// loads and then while Firebase restores the session (app/screen-loading.tsx), at the very
// place the screen paints it after: the page's largest paint waits for neither (docs/decisions/0014-web-bundle-budget.md).
import { paths } from '@/config/paths';

export interface ScreenFrame {
  title: string;
  heading: string;
  description: string;
  /** A link beside the heading (a button's look): it holds its place in the frame, so the heading never moves. */
  action?: { label: string; href: string };
}

export const screenFrames = {
  order: {
    title: 'Order Services',
    heading: 'Order Services',
    description: 'Pick a platform and a service, paste your link and choose a quantity.',
  },
  // The subtitle names the account once the profile is there; a blank line keeps its place until then.
  dashboard: { title: 'Dashboard', heading: 'Dashboard', description: '\u00a0' },
  orders: {
    title: 'My Orders',
    heading: 'My Orders',
    description: 'Every order you placed, newest first, in Pakistan time. Cancel a pending one or ask for a refill here.',
    action: { label: 'Place Order', href: paths.order.getHref() },
  },
} as const satisfies Record<string, ScreenFrame>;

const framesByPath = new Map<string, ScreenFrame>([
  [paths.order.path, screenFrames.order],
  [paths.dashboard.path, screenFrames.dashboard],
  [paths.orders.path, screenFrames.orders],
]);

/** The frame of the screen at `pathname`, if it has one. */
export function screenFrameAt(pathname: string): ScreenFrame | undefined {
  return framesByPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
