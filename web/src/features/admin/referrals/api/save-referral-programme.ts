import { type AdminReferrals, adminReferralsSchema, type ReferralSettings, referralSettingsSchema } from '@shared/schemas/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { referralProgrammeKey } from './get-referral-programme';

export const saveReferralProgrammeAnswer = z.object({ message: z.string(), settings: adminReferralsSchema.shape.settings });

/** PUT /api/admin/referrals: switches the programme and sets its percent, for top-ups credited from now on (audited). */
export function saveReferralProgramme(body: ReferralSettings) {
  return api.put('/admin/referrals', saveReferralProgrammeAnswer, referralSettingsSchema.parse(body));
}

export function useSaveReferralProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReferralProgramme,
    // The totals stand: a new percent counts only for credits after it.
    onSuccess: ({ settings }) =>
      queryClient.setQueryData<AdminReferrals>(referralProgrammeKey, (old) => (old ? { ...old, settings } : old)),
  });
}
