import { userSchema } from '@shared/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const usersAnswer = z.object({ users: z.array(userSchema), nextCursor: z.string().nullable() });

export function getUsers(q: string) {
  return api.get('/admin/users', usersAnswer, { params: { q: q || undefined, limit: 50 } });
}

export const adminUsersKey = ['admin', 'users'] as const;

export function useUsers(q: string) {
  return useQuery({ queryKey: [...adminUsersKey, q], queryFn: () => getUsers(q), placeholderData: keepPreviousData });
}
