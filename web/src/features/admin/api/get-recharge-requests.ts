import { adminRechargeRequestSchema } from '@shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const rechargeRequestsAnswer = z.object({
  requests: z.array(adminRechargeRequestSchema),
  nextCursor: z.string().nullable().optional(),
});

export function getPendingRechargeRequests() {
  return api.get('/admin/recharge-requests', rechargeRequestsAnswer, { params: { status: 'pending', limit: 100 } });
}

export const adminRequestsKey = ['admin', 'recharge-requests'] as const;

export function usePendingRechargeRequests() {
  return useQuery({ queryKey: adminRequestsKey, queryFn: getPendingRechargeRequests });
}
