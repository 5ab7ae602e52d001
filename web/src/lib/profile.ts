// The signed-in user's profile (balance, last recharge), shared by every signed-in screen.

import { userSchema } from '@shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const profileAnswer = z.object({ user: userSchema });

export function profileQueryKey(uid: string | undefined) {
  return ['profile', uid ?? 'anonymous'] as const;
}

export function getProfile() {
  return api.get('/user/profile', profileAnswer).then((answer) => answer.user);
}

export function useProfile() {
  const { user, status } = useAuth();
  return useQuery({
    queryKey: profileQueryKey(user?.uid),
    queryFn: getProfile,
    enabled: status === 'signed-in',
  });
}
