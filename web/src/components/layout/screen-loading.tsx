import { useLocation } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { LoadingBlock } from '@/components/ui/spinner';
import { screenFrameAt } from '@/config/screen-frames';
import { useAuth } from '@/lib/auth';

/**
 * What a screen shows while it waits for its code or for the session: 'Loading...', under the screen's
 * frame (config/screen-frames.ts) where it has one, painted where the screen paints it. The frame is
 * shown to whoever the app last saw signed in: a visitor is sent to /login, and would see it flash.
 */
export function ScreenLoading() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const frame = user ? screenFrameAt(pathname) : undefined;
  const loading = <LoadingBlock className="min-h-[60dvh]" />;
  return frame ? <Page {...frame}>{loading}</Page> : loading;
}
