import { apiKeyInfoSchema } from '@shared/schemas/accounts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;

/** Whether the signed-in user has a reseller API key (its date and last 4 characters, never the key). */
export function getApiKey() {
  return api.get('/api-key', apiKeyInfoSchema);
}

export function apiKeyQueryKey(uid: string | undefined) {
  return ['api-key', uid ?? 'anonymous'] as const;
}

export function useApiKey() {
  const { user, status } = useAuth();
  return useQuery({ queryKey: apiKeyQueryKey(user?.uid), queryFn: getApiKey, enabled: status === 'signed-in' });
}
