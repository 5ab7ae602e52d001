// The featured cards priced from the live catalogue: a chunk of its own (the catalogue's client, the API
// client and zod), loaded after the landing page's first paint; until it answers, the cards hold their
// price line's place (ServiceCards without services).
import { ServiceCards } from '@/features/home/components/service-cards';
import { useServices } from '@/features/orders/api/get-services';

export function PricedServiceCards() {
  const services = useServices();
  return <ServiceCards services={services.data?.services} />;
}
