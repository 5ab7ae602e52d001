import { userSchema } from '@shared/schemas/accounts';
import { addBalanceBody } from '@shared/schemas/money';
import { z } from 'zod/mini';
import { adminUsersKey } from '@/features/admin/accounts/api/get-users';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';
import { adminRechargesKey } from './get-recent-recharges';

export const addBalanceAnswer = z.object({ message: z.string(), user: userSchema });

export function addBalance({ body, idempotencyKey }: { body: z.input<typeof addBalanceBody>; idempotencyKey: string }) {
  return api.post('/admin/add-balance', addBalanceAnswer, addBalanceBody.parse(body), { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useAddBalance() {
  return useRefetchingMutation(addBalance, [adminRechargesKey, adminUsersKey], 'success');
}
