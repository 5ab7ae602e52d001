import { rechargeSchema } from '@shared/schemas/money';
import { reverseTopUpBody } from '@shared/schemas/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminUsersKey } from '@/features/admin/accounts/api/get-users';
import { adminRechargesKey } from '@/features/admin/money/api/get-recent-recharges';
import { referralProgrammeKey } from '@/features/admin/referrals/api/get-referral-programme';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

export const reverseTopUpAnswer = z.object({ message: z.string(), recharge: rechargeSchema });

/**
 * POST /api/admin/recharges/{id}/reverse: takes a credited top-up back off the customer's balance (an adjustment)
 * and its referral commission off whoever referred them, once (Idempotency-Key).
 */
export function reverseTopUp({
  rechargeId,
  body,
  idempotencyKey,
}: {
  rechargeId: string;
  body: z.input<typeof reverseTopUpBody>;
  idempotencyKey: string;
}) {
  return api.post(`/admin/recharges/${encodeURIComponent(rechargeId)}/reverse`, reverseTopUpAnswer, reverseTopUpBody.parse(body), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useReverseTopUp() {
  const queryClient = useQueryClient();
  // The customer's balance, ledger and top-ups, and the referrer's account (both under the users key); the recent
  // credits; the programme's totals.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminUsersKey });
    void queryClient.invalidateQueries({ queryKey: adminRechargesKey });
    void queryClient.invalidateQueries({ queryKey: referralProgrammeKey });
  };
  return useMutation({
    mutationFn: reverseTopUp,
    onSuccess: refresh,
    // Reversed meanwhile (another tab, a lost answer): the lists then show it so.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'already_decided') refresh();
    },
  });
}
