import { blockBody, userSchema } from '@shared/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { adminUsersKey } from './get-users';

export const blockAnswer = z.object({ message: z.string(), user: userSchema });

/** POST /api/admin/users/{uid}/block or /unblock, with the reason. */
export function setBlocked({ uid, block, body }: { uid: string; block: boolean; body: z.input<typeof blockBody> }) {
  return api.post(`/admin/users/${encodeURIComponent(uid)}/${block ? 'block' : 'unblock'}`, blockAnswer, blockBody.parse(body));
}

export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    // Refetched whether it worked or not: a 409 means the list showed an old state.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
