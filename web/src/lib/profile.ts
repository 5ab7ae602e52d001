// The signed-in user's profile (balance, last recharge), shared by every signed-in screen.

import { userSchema } from '@shared/schemas/accounts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

// `user` may be missing (spec §8: 'User data not found'); a malformed one fails the parse.
export const profileAnswer = z.object({ user: z.nullish(userSchema) });

/** The profile answer came without a user. */
export class UserDataNotFoundError extends Error {
  constructor() {
    super('User data not found');
    this.name = 'UserDataNotFoundError';
  }
}

export function profileQueryKey(uid: string | undefined) {
  return ['profile', uid ?? 'anonymous'] as const;
}

export function getProfile() {
  return api.get('/user/profile', profileAnswer).then((answer) => {
    if (!answer.user) throw new UserDataNotFoundError();
    return answer.user;
  });
}

export function useProfile() {
  const { user, status } = useAuth();
  return useQuery({
    queryKey: profileQueryKey(user?.uid),
    queryFn: getProfile,
    enabled: status === 'signed-in',
  });
}
