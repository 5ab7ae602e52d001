import { apiKeyCreatedSchema } from '@shared/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { refreshKeys } from './get-api-keys';

/** A new key, replacing (and disabling) any old one. The answer is the only time the key is seen. */
export function createApiKey() {
  return api.post('/api-key', apiKeyCreatedSchema);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: createApiKey,
    // The key itself stays with the caller (component state), never in the query cache.
    onSettled: () => refreshKeys(queryClient, user?.uid),
  });
}
