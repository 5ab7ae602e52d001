import { rechargeRequestSchema } from '@shared/schemas/top-ups';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const myRechargeRequestsAnswer = z.object({ requests: z.array(rechargeRequestSchema) });

export function getMyRechargeRequests() {
  return api.get('/recharge-requests/mine', myRechargeRequestsAnswer).then((answer) => answer.requests);
}

export const myRechargeRequestsQueryKey = ['my-recharge-requests'] as const;

export function useMyRechargeRequests(enabled = true) {
  return useQuery({ queryKey: myRechargeRequestsQueryKey, queryFn: getMyRechargeRequests, enabled });
}
