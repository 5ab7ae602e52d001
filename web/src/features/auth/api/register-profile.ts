import { registerBody, userSchema } from '@shared/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const registerAnswer = z.object({ user: userSchema, message: z.string() });

/** POST /api/auth/register: creates the signed-in account's profile with its name (once). */
export function registerProfile(body: z.input<typeof registerBody>) {
  return api.post('/auth/register', registerAnswer, registerBody.parse(body));
}

export function useRegisterProfile() {
  return useMutation({ mutationFn: registerProfile });
}
