import { type CategoryOrder, categoryOrderSchema, type Service, serviceSchema } from '@shared/answers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth, useIsVisitor } from '@/lib/auth';

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

/** The catalogue as `viewer` is answered it: a visitor's is asked without a token, so its entry never holds one customer's prices. */
export function getServices(viewer: string): Promise<Catalogue> {
  return api.get('/services', servicesAnswer, viewer === VISITOR_VIEWER ? { anonymous: true } : {}).then(toCatalogue);
}

/** Every viewer's catalogue: what a change to it (the admin's edit, a `price_changed`) invalidates. */
export const servicesKey = ['services'] as const;

/** Whose catalogue a visitor's is: the list prices, the one the prerendered pages come with (src/prerender/pages.tsx). */
export const VISITOR_VIEWER = 'visitor';

/**
 * The catalogue as `viewer` (a uid, or VISITOR_VIEWER) is answered it: a signed-in customer's token gets their own prices
 * (issue 34), so each account has its own entry and never shows another's, or a visitor's list prices, for its own.
 * The admin changes the catalogue at any time: every screen that shows it asks again when it opens (staleTime 0; the
 * answer is small and revalidated by its ETag).
 */
export const servicesQuery = (viewer: string) =>
  queryOptions({ queryKey: [...servicesKey, viewer], queryFn: () => getServices(viewer), staleTime: 0 });

/**
 * Who the catalogue is asked for: the user the page knows (signed in, or remembered and still being restored: the API
 * client sends their token either way), else a visitor.
 */
export function useServicesViewer(): string {
  const { user } = useAuth();
  const visitor = useIsVisitor();
  return visitor || !user ? VISITOR_VIEWER : user.uid;
}

export function useServices() {
  // No stand-in while it loads: the admin runs the catalogue, so only the server's answer (or, offline,
  // the last one the service worker saved) may show a service or a price.
  return useQuery(servicesQuery(useServicesViewer()));
}
