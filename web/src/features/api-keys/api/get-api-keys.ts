import { type ApiKeySummary, apiKeyListSchema } from '@shared/schemas/accounts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

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
