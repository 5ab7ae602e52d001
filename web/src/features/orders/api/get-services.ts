import { type CategoryOrder, categoryOrderSchema, type Service, serviceSchema } from '@shared/answers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

// `categories` came with the admin-run catalogue; an answer without it (an older server) orders them by first service.
export const servicesAnswer = z.object({ services: z.array(serviceSchema), categories: z.optional(categoryOrderSchema) });

export interface Catalogue {
  services: Service[];
  /** Each platform's categories in the admin's order. */
  categories: CategoryOrder;
}

/** Each platform's categories in the order of their first service: for an answer without an order. */
function firstSeenOrder(services: readonly Service[]): CategoryOrder {
  const order = { tiktok: [], instagram: [], facebook: [] } as CategoryOrder;
  for (const s of services) if (!order[s.platform].includes(s.category)) order[s.platform].push(s.category);
  return order;
}

/** The answer as the app keeps it. */
export function toCatalogue(answer: z.infer<typeof servicesAnswer>): Catalogue {
  return { services: answer.services, categories: answer.categories ?? firstSeenOrder(answer.services) };
}

export function getServices(): Promise<Catalogue> {
  return api.get('/services', servicesAnswer).then(toCatalogue);
}

// The admin changes the catalogue at any time: every screen that shows it asks again when it opens
// (staleTime 0; the answer is small and revalidated by its ETag).
export const servicesQuery = queryOptions({ queryKey: ['services'], queryFn: getServices, staleTime: 0 });

export function useServices() {
  // No stand-in while it loads: the admin runs the catalogue, so only the server's answer (or, offline,
  // the last one the service worker saved) may show a service or a price.
  return useQuery(servicesQuery);
}
