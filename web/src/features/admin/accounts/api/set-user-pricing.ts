import { adminPricingSchema, type UserPricingBody, userPricingBody } from '@shared/schemas/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { userPath } from './get-admin-user';
import { userPricingKey } from './get-user-pricing';

export const setUserPricingAnswer = z.object({ message: z.string(), pricing: adminPricingSchema });

/**
 * PUT /api/admin/users/{uid}/pricing: what is sent changes, what is left out stays, null clears. Setting a
 * state rather than moving money: sent again, it sets the same, so it carries no Idempotency-Key.
 */
export function setUserPricing({ uid, body }: { uid: string; body: UserPricingBody }) {
  return api.put(`${userPath(uid)}/pricing`, setUserPricingAnswer, userPricingBody.parse(body));
}

export function useSetUserPricing(uid: string) {
  const queryClient = useQueryClient();
  const key = userPricingKey(uid);
  return useMutation({
    mutationFn: (body: UserPricingBody) => setUserPricing({ uid, body }),
    onSuccess: ({ pricing }) => queryClient.setQueryData(key, { pricing }),
    // Refetched whether it worked or not: a refusal (a tier or service gone) usually means the page is behind.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
