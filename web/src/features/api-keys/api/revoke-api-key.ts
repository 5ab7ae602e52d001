import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { apiKeyQueryKey } from './get-api-key';
import { refreshKeys } from './get-api-keys';

export const revokeApiKeyAnswer = z.object({ message: z.string() });

/** The key stops working at once. */
export function revokeApiKey() {
  return apiRequest('/api-key', revokeApiKeyAnswer, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.setQueryData(apiKeyQueryKey(user?.uid), { exists: false }),
    onSettled: () => refreshKeys(queryClient, user?.uid),
  });
}

/** One key (`default`: the default key) stops working at once. */
export function revokeApiKeyById(id: string) {
  return apiRequest(`/api-keys/${encodeURIComponent(id)}`, revokeApiKeyAnswer, { method: 'DELETE' });
}

export function useRevokeApiKeyById() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({ mutationFn: revokeApiKeyById, onSettled: () => refreshKeys(queryClient, user?.uid) });
}
