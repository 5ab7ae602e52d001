import { adminPricingAnswer } from '@shared/schemas/pricing';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKey, userPath } from './get-admin-user';

/** Under the account's key: whatever refetches the account (a credit, an adjustment) refetches its tier too. */
export const userPricingKey = (uid: string) => [...userKey(uid), 'pricing'] as const;

/** GET /api/admin/users/{uid}/pricing: lifetime credits, the tier in force, the customer's percent and fixed rates. */
export function getUserPricing(uid: string) {
  return api.get(`${userPath(uid)}/pricing`, adminPricingAnswer);
}

export function useUserPricing(uid: string) {
  return useQuery({ queryKey: userPricingKey(uid), queryFn: () => getUserPricing(uid) });
}
