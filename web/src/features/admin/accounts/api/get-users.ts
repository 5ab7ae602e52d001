import { userSchema } from '@shared/schemas/accounts';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

/** Every users query (the list, an account's detail and its lists) starts with this key. */
export const adminUsersKey = ['admin', 'users'] as const;

/** GET /api/admin/users: every account page by page, or those whose email or name starts with `q`. */
export function useUsers(search: { q: string; by: 'email' | 'name' }) {
  return useAdminList({
    key: adminUsersKey,
    path: '/admin/users',
    itemsKey: 'users',
    item: userSchema,
    params: search.q ? { q: search.q, by: search.by } : {},
  });
}
