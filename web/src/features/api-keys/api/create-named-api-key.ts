import { namedApiKeyCreatedSchema } from '@shared/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { refreshKeys } from './get-api-keys';

/** A named key (one per site or script). The answer is the only time the key is seen. */
export function createNamedApiKey(name: string) {
  return api.post('/api-keys', namedApiKeyCreatedSchema, { name });
}

export function useCreateNamedApiKey() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: createNamedApiKey,
    // The key itself stays with the caller (component state), never in the query cache.
    onSettled: () => refreshKeys(queryClient, user?.uid),
  });
}
