import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { apiKeyQueryKey } from './get-api-key';

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
    onSettled: () => void queryClient.invalidateQueries({ queryKey: apiKeyQueryKey(user?.uid) }),
  });
}
