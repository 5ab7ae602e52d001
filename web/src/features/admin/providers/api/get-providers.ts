import { providerSchema } from '@shared/providers';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

/** Every providers query starts with this key: a change invalidates them all. */
export const adminProvidersKey = ['admin', 'providers'] as const;

/** GET /api/admin/providers: every provider (one answer; the key shows only as its hint). */
export function useProviders() {
  return useAdminList({ key: adminProvidersKey, path: '/admin/providers', itemsKey: 'providers', item: providerSchema });
}
