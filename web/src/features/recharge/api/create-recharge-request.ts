import { rechargeRequestBody, rechargeRequestSchema } from '@shared/schemas/top-ups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { myRechargeRequestsQueryKey } from './get-my-recharge-requests';

export const createRechargeRequestAnswer = z.object({ request: rechargeRequestSchema });

export function createRechargeRequest({ body, idempotencyKey }: { body: z.input<typeof rechargeRequestBody>; idempotencyKey: string }) {
  return api.post('/recharge-requests', createRechargeRequestAnswer, rechargeRequestBody.parse(body), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateRechargeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRechargeRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRechargeRequestsQueryKey }),
  });
}
