import { Suspense, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { OfflineBanner } from '@/components/pwa/offline-banner';
import { LoadingBlock } from '@/components/ui/spinner';
import { deferredComponent } from '@/lib/deferred-component';
import { awaitingNextScreen, subscribeScreenImports } from '@/lib/screen-imports';

/** While a navigation waits for the next screen's code (the screen shown stays meanwhile). */
function NavigationProgress() {
  const pending = useSyncExternalStore(subscribeScreenImports, awaitingNextScreen, () => false);
  if (!pending) return null;
  return <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-600" role="progressbar" aria-label="Loading page" />;
}

/** The offers over the page's foot: nothing of its first paint (the landing page's build-time render has none either). */
const Offers = deferredComponent(() => import('@/components/pwa/offers').then((module) => module.Offers), 'The install and push offers');

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <Navbar />
      <OfflineBanner />
      {/* At least a screen tall: the footer starts below the fold, so a screen's content arriving (taller
          than its loading state) never pushes it down in view. */}
      <main id="main" className="min-h-dvh flex-1">
        <Suspense fallback={<LoadingBlock className="min-h-[60dvh]" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Offers />
    </div>
  );
}
