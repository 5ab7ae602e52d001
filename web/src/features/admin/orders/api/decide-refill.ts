import { refillSchema, rejectRefillBody } from '@shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { adminRefillsKey } from './get-refills';

export const decideRefillAnswer = z.object({ message: z.string(), refill: refillSchema });

export type RefillDecision = 'complete' | 'reject';

/** Completes or rejects (with an optional reason its customer reads) a pending refill request; 409 when it was already decided. No money moves. */
export function decideRefill({ id, decision, reason }: { id: string; decision: RefillDecision; reason?: string | undefined }) {
  const body = decision === 'reject' ? rejectRefillBody.parse(reason?.trim() ? { reason } : {}) : undefined;
  return api.post(`/admin/refills/${encodeURIComponent(id)}/${decision}`, decideRefillAnswer, body);
}

export function useDecideRefill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRefill,
    // Refetched whether it worked or not: a 409 means someone else decided it meanwhile.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminRefillsKey }),
  });
}
