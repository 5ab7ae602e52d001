import { userSchema } from '@shared/schemas/accounts';
import { adjustBalanceBody, ledgerEntrySchema } from '@shared/schemas/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminUsersKey } from '@/features/admin/accounts/api/get-users';
import { api } from '@/lib/api-client';

export const adjustAnswer = z.object({ message: z.string(), user: userSchema, entry: ledgerEntrySchema });

export function adjustBalance({
  uid,
  body,
  idempotencyKey,
}: {
  uid: string;
  body: z.input<typeof adjustBalanceBody>;
  idempotencyKey: string;
}) {
  return api.post(`/admin/users/${encodeURIComponent(uid)}/adjust`, adjustAnswer, adjustBalanceBody.parse(body), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
