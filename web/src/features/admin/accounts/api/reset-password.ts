import { resetPasswordBody } from '@shared/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const resetPasswordAnswer = z.object({ message: z.string() });

export function resetPassword(body: z.input<typeof resetPasswordBody>) {
  return api.post('/admin/reset-password', resetPasswordAnswer, resetPasswordBody.parse(body));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
