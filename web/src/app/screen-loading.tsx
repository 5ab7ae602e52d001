import { useLocation } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { LoadingBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { screenFrameAt } from '@/config/screen-frames';
import { Hero } from '@/features/home/components/hero';
import { useAuth } from '@/lib/auth';

/**
 * What a screen shows while it waits for its code or for the session: 'Loading...', under what of the
 * screen needs neither, painted where the screen paints it, so the page's largest paint comes with the
 * app's first render (issue 16). For a visitor, the landing page's hero; for the user last signed in,
 * the screen's frame (config/screen-frames.ts). Each only for them: a visitor is sent from a signed-in
 * screen to /login, and a signed-in user from the landing page to /order, and would see it flash.
 */
export function ScreenLoading() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const loading = <LoadingBlock className="min-h-[60dvh]" />;
  if (!user && (pathname === paths.home.path || pathname === paths.welcome.path)) {
    return (
      <>
        <Hero />
        {loading}
      </>
    );
  }
  const frame = user ? screenFrameAt(pathname) : undefined;
  return frame ? <Page {...frame}>{loading}</Page> : loading;
}
