import { rechargeSchema } from '@shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const recentRechargesAnswer = z.object({ recharges: z.array(rechargeSchema), nextCursor: z.string().nullable() });

export function getRecentRecharges() {
  return api.get('/admin/recent-recharges', recentRechargesAnswer, { params: { limit: 100 } });
}

export const adminRechargesKey = ['admin', 'recharges'] as const;

export function useRecentRecharges() {
  return useQuery({ queryKey: adminRechargesKey, queryFn: getRecentRecharges });
}
