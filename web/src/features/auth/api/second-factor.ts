// The admin's second factor: whether it is set up, setting it up (the secret answered once),
// and a code checked for a custom token that gives the session the factor.
import { type MfaEnrolled, mfaEnrolledSchema, mfaStatusSchema, mfaVerifiedSchema } from '@shared/mfa';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const mfaStatusKey = (uid: string | undefined) => ['admin-mfa', uid ?? 'anonymous'] as const;

export function useMfaStatus(uid: string | undefined) {
  return useQuery({ queryKey: mfaStatusKey(uid), queryFn: () => api.get('/admin/mfa', mfaStatusSchema), staleTime: 0 });
}

/** Not a useMutation: the mutation cache would keep the secret after the screen that shows it is gone. */
export function enrollSecondFactor(code?: string): Promise<MfaEnrolled> {
  return api.post('/admin/mfa/enroll', mfaEnrolledSchema, code ? { code } : {});
}

export function verifySecondFactor(code: string) {
  return api.post('/admin/mfa/verify', mfaVerifiedSchema, { code });
}
