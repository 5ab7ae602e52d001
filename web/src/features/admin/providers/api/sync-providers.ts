import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { startAndFollow } from '@/features/admin/providers/api/follow-worker-run';
import { adminProvidersKey } from '@/features/admin/providers/api/get-providers';

export const syncAnswer = z.object({
  sent: z.number().check(z.int()),
  checked: z.number().check(z.int()),
  changed: z.number().check(z.int()),
});
export type SyncAnswer = z.infer<typeof syncAnswer>;

/**
 * POST /admin/providers/sync: the scheduled run now (queued orders sent, sent ones checked), by a worker;
 * followed until done (its numbers) or busy (another run is doing this work).
 */
export function syncProviders() {
  return startAndFollow('/admin/providers/sync', syncAnswer);
}

export function useSyncProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncProviders,
    // Balances and the counts of waiting, failed and unknown orders may all have moved.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminProvidersKey }),
  });
}
