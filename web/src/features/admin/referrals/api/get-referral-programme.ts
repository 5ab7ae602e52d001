import { adminReferralsSchema } from '@shared/schemas/referrals';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const referralProgrammeKey = ['admin', 'referrals'] as const;

/** GET /api/admin/referrals: the programme (on or off, its percent) and its totals in rupees, summed at the answer. */
export function getReferralProgramme() {
  return api.get('/admin/referrals', adminReferralsSchema);
}

export function useReferralProgramme() {
  return useQuery({ queryKey: referralProgrammeKey, queryFn: getReferralProgramme });
}
