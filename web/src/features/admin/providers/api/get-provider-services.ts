import { providerServiceSchema } from '@shared/providers';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminProvidersKey } from '@/features/admin/providers/api/get-providers';
import { api } from '@/lib/api-client';

const providerServicesAnswer = z.object({ services: z.array(providerServiceSchema), skipped: z.optional(z.number().check(z.int())) });

/** GET /admin/providers/{id}/services: the provider's own list, as it answers now. */
export function useProviderServices(id: string) {
  return useQuery({
    queryKey: [...adminProvidersKey, id, 'services'],
    queryFn: () => api.get(`/admin/providers/${encodeURIComponent(id)}/services`, providerServicesAnswer),
    // Asked once per opening: each call goes out to the provider.
    staleTime: 60_000,
    retry: false,
  });
}
