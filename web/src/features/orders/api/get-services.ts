import { CATALOGUE } from '@shared/catalogue';
import { type Service, serviceSchema } from '@shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const servicesAnswer = z.object({ services: z.array(serviceSchema) });

export function getServices() {
  return api.get('/services', servicesAnswer).then((answer) => answer.services);
}

/** The built-in catalogue, shown at once while the live list (which decides) loads. */
export const builtInServices: Service[] = CATALOGUE.map((item) => ({
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
}));

export const servicesQuery = queryOptions({ queryKey: ['services'], queryFn: getServices, staleTime: 60_000 });

export function useServices() {
  return useQuery({ ...servicesQuery, placeholderData: builtInServices });
}
