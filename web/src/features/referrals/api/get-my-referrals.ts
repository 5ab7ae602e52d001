import { type MyReferrals, myReferralsAnswer } from '@shared/schemas/referrals';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type { MyReferrals };

/** GET /api/referrals: the signed-in customer's link, sign-ups and earnings (rupees), months newest first. */
export function getMyReferrals() {
  return api.get('/referrals', myReferralsAnswer);
}

export function myReferralsQueryKey(uid: string | undefined) {
  return ['referrals', uid ?? 'anonymous'] as const;
}

export function useMyReferrals() {
  const { user, status } = useAuth();
  return useQuery({ queryKey: myReferralsQueryKey(user?.uid), queryFn: getMyReferrals, enabled: status === 'signed-in' });
}
