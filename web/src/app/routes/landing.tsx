import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { ScreenLoading } from '@/app/screen-loading';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { Hero } from '@/features/home/components/hero';
import { ServiceCards } from '@/features/home/components/service-cards';
import { useAuth } from '@/lib/auth';
import { useFirstPaintDone } from '@/lib/first-paint';

const PricedServiceCards = lazy(() =>
  import('@/features/home/components/priced-service-cards').then((m) => ({ default: m.PricedServiceCards })),
);

// In the first render's code (router.tsx): the hero, the page's largest paint, waits for no chunk; the
// live catalogue that prices the cards comes after it.
export function LandingRoute() {
  const { status, user } = useAuth();
  // The prices' chunk starts loading once the hero has painted (lib/first-paint.ts).
  const painted = useFirstPaintDone();
  // Signed-in users go straight to ordering (spec §2), once the session is known; the user last signed
  // in sees the loading state meanwhile, not a hero that would flash.
  if (status === 'signed-in') return <Navigate to={paths.order.getHref()} replace />;
  if (status === 'loading' && user) return <ScreenLoading />;
  return (
    <>
      <Hero />
      <Page title="Social media growth" width="max-w-6xl">
        <section id="services" aria-labelledby="services-heading" className="scroll-mt-20">
          <h2 id="services-heading" className="mb-4 text-2xl font-extrabold tracking-tight text-slate-900">
            Popular services
          </h2>
          {painted ? (
            <Suspense fallback={<ServiceCards services={undefined} />}>
              <PricedServiceCards />
            </Suspense>
          ) : (
            <ServiceCards services={undefined} />
          )}
        </section>
      </Page>
    </>
  );
}
