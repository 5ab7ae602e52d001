import { BUILT_IN_CATEGORIES, CATALOGUE } from '@shared/catalogue';
import { PLATFORMS } from '@shared/platforms';
import { type CategoryOrder, categoryOrderSchema, type Service, serviceSchema } from '@shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// `categories` came with the admin-run catalogue; an answer without it (an older server) orders them by first service.
export const servicesAnswer = z.object({ services: z.array(serviceSchema), categories: categoryOrderSchema.optional() });

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

export function getServices(): Promise<Catalogue> {
  return api.get('/services', servicesAnswer).then((answer) => ({
    services: answer.services,
    categories: answer.categories ?? firstSeenOrder(answer.services),
  }));
}

/** The built-in catalogue, shown at once while the live one (which decides, prices included) loads. */
export const builtInCatalogue: Catalogue = {
  services: CATALOGUE.map((item) => ({
    _id: item.id,
    number: item.number,
    platform: item.platform,
    category: item.category,
    name: item.name,
    ratePer1000: item.ratePer1000,
    min: item.min,
    max: item.max,
    defaultQuantity: item.defaultQuantity,
    description: item.description,
    active: true,
  })),
  categories: Object.fromEntries(
    PLATFORMS.map((p) => [p, BUILT_IN_CATEGORIES.filter((c) => CATALOGUE.some((s) => s.platform === p && s.category === c))]),
  ) as CategoryOrder,
};

// The admin changes the catalogue at any time: every screen that shows it asks again when it opens
// (staleTime 0; the answer is small and revalidated by its ETag).
export const servicesQuery = queryOptions({ queryKey: ['services'], queryFn: getServices, staleTime: 0 });

export function useServices() {
  return useQuery({ ...servicesQuery, placeholderData: builtInCatalogue });
}
