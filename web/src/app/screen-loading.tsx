import { useLocation } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { LoadingBlock } from '@/components/ui/spinner';
import { screenFrameAt } from '@/config/screen-frames';
import { useAuth } from '@/lib/auth';

/**
 * What a screen shows while it waits for its code or for the session: 'Loading...', under what of the
 * screen needs neither, painted where the screen paints it, so the page's largest paint comes with the
 * app's first render (docs/decisions/0014-web-bundle-budget.md): for the user last signed in, the screen's frame (config/screen-frames.ts),
 * only for them (a visitor is sent from a signed-in screen to /login and would see it flash). The landing
 * page needs none: it is in the first render's code (routes/landing.tsx).
 */
export function ScreenLoading() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const loading = <LoadingBlock className="min-h-[60dvh]" />;
  const frame = user ? screenFrameAt(pathname) : undefined;
  return frame ? <Page {...frame}>{loading}</Page> : loading;
}
