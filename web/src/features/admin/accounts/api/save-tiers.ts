import { type TiersBody, tierSchema, tiersBody } from '@shared/schemas/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { tiersKey } from './get-tiers';
import { adminUsersKey } from './get-users';

export const saveTiersAnswer = z.object({ message: z.string(), tiers: z.array(tierSchema) });

/** PUT /api/admin/tiers: the whole table, answered as saved (sorted by threshold). */
export function saveTiers(body: TiersBody) {
  return api.put('/admin/tiers', saveTiersAnswer, tiersBody.parse(body));
}

export function useSaveTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTiers,
    onSuccess: ({ tiers }) => {
      queryClient.setQueryData(tiersKey, { tiers });
      // Every account's tier and prices may have moved with the table (its pricing is under the users key).
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}
