import { type ApiKeySummary, apiKeyListSchema } from '@shared/schemas/accounts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { apiKeyQueryKey } from './get-api-key';

export type { ApiKeySummary };

/** Every key of the signed-in account (the default one first), with its last use; never a key. */
export function getApiKeys() {
  return api.get('/api-keys', apiKeyListSchema);
}

export function apiKeysQueryKey(uid: string | undefined) {
  return ['api-keys', uid ?? 'anonymous'] as const;
}

export function useApiKeys() {
  const { user, status } = useAuth();
  return useQuery({ queryKey: apiKeysQueryKey(user?.uid), queryFn: getApiKeys, enabled: status === 'signed-in' });
}

/** The default key's status and the list of keys, after any key was made or revoked. */
export function refreshKeys(queryClient: QueryClient, uid: string | undefined) {
  void queryClient.invalidateQueries({ queryKey: apiKeyQueryKey(uid) });
  void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(uid) });
}
