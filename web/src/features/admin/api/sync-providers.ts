import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminProvidersKey } from '@/features/admin/api/get-providers';
import { api } from '@/lib/api-client';

export const syncAnswer = z.object({
  sent: z.number().check(z.int()),
  checked: z.number().check(z.int()),
  changed: z.number().check(z.int()),
});
export type SyncAnswer = z.infer<typeof syncAnswer>;

/** POST /admin/providers/sync: the scheduled run now (queued orders sent, sent ones checked). */
export function syncProviders() {
  return api.post('/admin/providers/sync', syncAnswer, {});
}

export function useSyncProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncProviders,
    // Balances and the counts of waiting, failed and unknown orders may all have moved.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminProvidersKey }),
  });
}
