import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCatalogueChanged } from '@/features/admin/catalogue/api/use-catalogue-changed';
import { startAndFollow } from '@/features/admin/providers/api/follow-worker-run';
import { adminProvidersKey } from '@/features/admin/providers/api/get-providers';

export const serviceSyncAnswer = z.object({
  checked: z.number().check(z.int()),
  changed: z.number().check(z.int()),
  disabled: z.number().check(z.int()),
  enabled: z.number().check(z.int()),
  alerts: z.number().check(z.int()),
});
export type ServiceSyncAnswer = z.infer<typeof serviceSyncAnswer>;

/** POST /admin/providers/{id}/sync-services: the services sync now (it also runs every 6 hours), by a worker, followed until it ends. */
export function syncProviderServices(id: string) {
  return startAndFollow(`/admin/providers/${encodeURIComponent(id)}/sync-services`, serviceSyncAnswer);
}

export function useSyncProviderServices() {
  const queryClient = useQueryClient();
  const catalogueChanged = useCatalogueChanged();
  return useMutation({
    mutationFn: syncProviderServices,
    // Costs, alerts and availability of services may have changed, and the provider's last sync.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminProvidersKey });
      catalogueChanged();
    },
  });
}
