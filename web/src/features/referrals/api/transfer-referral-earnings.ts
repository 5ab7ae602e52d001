import { toPaisa, toRupees } from '@shared/money';
import { referralTransferAnswer, referralTransferBody } from '@shared/schemas/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { profileQueryKey } from '@/lib/profile';
import { type MyReferrals, myReferralsQueryKey } from './get-my-referrals';

export type ReferralTransferBody = z.infer<typeof referralTransferBody>;

/** POST /api/referrals/transfer with the attempt's Idempotency-Key, so a retry never moves the earnings twice. */
export function transferReferralEarnings({ body, idempotencyKey }: { body: ReferralTransferBody; idempotencyKey: string }) {
  return api.post('/referrals/transfer', referralTransferAnswer, referralTransferBody.parse(body), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useTransferReferralEarnings() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const uid = user?.uid;
  /** Both balances and the statement asked again (after a move, or an attempt nobody knows the fate of). */
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) });
    void queryClient.invalidateQueries({ queryKey: myReferralsQueryKey(uid) });
    // The statement's new entry (features do not import each other: its key as the statement declares it).
    void queryClient.invalidateQueries({ queryKey: ['statement'] });
  };
  const mutation = useMutation({
    mutationFn: transferReferralEarnings,
    onSuccess: (answer, { body }) => {
      // Both balances (and what was moved) show what the server did at once; then both refetch.
      queryClient.setQueryData(profileQueryKey(uid), (old: { balance: number } | undefined) =>
        old ? { ...old, balance: answer.balance } : old,
      );
      queryClient.setQueryData(myReferralsQueryKey(uid), (old: MyReferrals | undefined) =>
        old ? { ...old, balance: answer.referralBalance, transferred: toRupees(toPaisa(old.transferred) + toPaisa(body.amount)) } : old,
      );
      refresh();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      // The referral balance is not what the page showed (a reversed top-up took some back): show it as it is.
      if (error.code === 'insufficient_balance') void queryClient.invalidateQueries({ queryKey: myReferralsQueryKey(uid) });
      // Blocked since the profile was read: the profile says why.
      if (error.code === 'account_suspended') void queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) });
    },
  });
  return Object.assign(mutation, { refresh });
}
