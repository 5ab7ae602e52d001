import { rechargeRequestSchema, rejectRequestBody, userSchema } from '@shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { adminOverviewKey } from './get-overview';
import { adminRechargesKey } from './get-recent-recharges';
import { adminRequestsKey } from './get-recharge-requests';
import { adminUsersKey } from './get-users';

export const approveAnswer = z.object({ message: z.string(), request: rechargeRequestSchema, user: z.optional(userSchema) });
export const rejectAnswer = z.object({ message: z.string(), request: rechargeRequestSchema });

export function approveRechargeRequest(id: string) {
  return api.post(`/admin/recharge-requests/${encodeURIComponent(id)}/approve`, approveAnswer);
}

export function rejectRechargeRequest({ id, note }: { id: string; note?: string }) {
  return api.post(`/admin/recharge-requests/${encodeURIComponent(id)}/reject`, rejectAnswer, rejectRequestBody.parse(note ? { note } : {}));
}

function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminRequestsKey });
    void queryClient.invalidateQueries({ queryKey: adminRechargesKey });
    void queryClient.invalidateQueries({ queryKey: adminUsersKey });
    void queryClient.invalidateQueries({ queryKey: adminOverviewKey });
  };
}

export function useApproveRechargeRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({ mutationFn: approveRechargeRequest, onSettled: invalidate });
}

export function useRejectRechargeRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({ mutationFn: rejectRechargeRequest, onSettled: invalidate });
}
