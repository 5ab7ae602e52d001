// Services (`/services`): the public list of every active service with its ID, for visitors and customers.
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { useServices } from '@/features/orders/api/get-services';
import { ServicesLoadError } from '@/features/orders/components/services-load-error';
import { ServicesList } from '@/features/services/components/services-list';

export function ServicesRoute() {
  const services = useServices();
  return (
    <Page
      title="Services"
      heading="Services"
      description="Every service we sell, with its ID (what Mass Order and the reseller API take), its price per 1,000 and its limits."
    >
      <Card aria-label="Services">
        {services.data ? (
          <ServicesList services={services.data.services} categories={services.data.categories} />
        ) : services.isError ? (
          <ServicesLoadError retrying={services.isFetching} onRetry={() => void services.refetch()} />
        ) : (
          <LoadingBlock className="min-h-40" />
        )}
      </Card>
    </Page>
  );
}
