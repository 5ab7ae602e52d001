import { adminUserDetailSchema } from '@shared/schemas/accounts';
import { ledgerEntrySchema, rechargeSchema } from '@shared/schemas/money';
import { orderSchema } from '@shared/schemas/orders';
import { rechargeRequestSchema } from '@shared/schemas/top-ups';
import { useQuery } from '@tanstack/react-query';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';
import { api } from '@/lib/api-client';
import { adminUsersKey } from './get-users';

export const userPath = (uid: string) => `/admin/users/${encodeURIComponent(uid)}`;
export const userKey = (uid: string) => [...adminUsersKey, 'user', uid] as const;

/** GET /api/admin/users/{uid}: the profile, balance, blocked state, API key status and counts. */
export function useAdminUser(uid: string) {
  return useQuery({ queryKey: userKey(uid), queryFn: () => api.get(userPath(uid), adminUserDetailSchema) });
}

/** The account's ledger, newest first, every page. */
export const useUserLedger = (uid: string) =>
  useAdminList({ key: [...userKey(uid), 'ledger'], path: `${userPath(uid)}/ledger`, itemsKey: 'entries', item: ledgerEntrySchema });

export const useUserOrders = (uid: string) =>
  useAdminList({ key: [...userKey(uid), 'orders'], path: `${userPath(uid)}/orders`, itemsKey: 'orders', item: orderSchema });

/** Credits (add-balance and approved requests). */
export const useUserRecharges = (uid: string) =>
  useAdminList({ key: [...userKey(uid), 'recharges'], path: `${userPath(uid)}/recharges`, itemsKey: 'recharges', item: rechargeSchema });

export const useUserRechargeRequests = (uid: string) =>
  useAdminList({
    key: [...userKey(uid), 'recharge-requests'],
    path: `${userPath(uid)}/recharge-requests`,
    itemsKey: 'requests',
    item: rechargeRequestSchema,
  });
