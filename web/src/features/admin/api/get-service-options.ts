import { serviceSchema } from '@shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const serviceOptionsAnswer = z.object({ services: z.array(serviceSchema) });

/** The services the orders filter offers (the live catalogue). */
export function useServiceOptions() {
  return useQuery({
    queryKey: ['admin', 'service-options'],
    queryFn: () => api.get('/services', serviceOptionsAnswer).then((answer) => answer.services),
    staleTime: 5 * 60_000,
  });
}
