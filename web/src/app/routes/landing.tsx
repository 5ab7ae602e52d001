import { Navigate } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { Hero } from '@/features/home/components/hero';
import { ServiceCards } from '@/features/home/components/service-cards';
import { useServices } from '@/features/orders/api/get-services';
import { useAuth } from '@/lib/auth';

export function LandingRoute() {
  const { status } = useAuth();
  // The live catalogue prices the cards.
  const services = useServices();
  // Signed-in users go straight to ordering (spec §2), once the session is known.
  if (status === 'signed-in') return <Navigate to={paths.order.getHref()} replace />;
  return (
    <>
      <Hero />
      <Page title="Social media growth" width="max-w-6xl">
        <section id="services" aria-labelledby="services-heading" className="scroll-mt-20">
          <h2 id="services-heading" className="mb-4 text-2xl font-extrabold tracking-tight text-slate-900">
            Popular services
          </h2>
          <ServiceCards services={services.data?.services} />
        </section>
      </Page>
    </>
  );
}
