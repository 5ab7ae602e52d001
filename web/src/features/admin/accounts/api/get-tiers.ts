import { tiersAnswerSchema } from '@shared/schemas/pricing';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const tiersKey = ['admin', 'tiers'] as const;

/** GET /api/admin/tiers: the price tiers, from the lowest threshold up (an empty table: no tiers). */
export function getTiers() {
  return api.get('/admin/tiers', tiersAnswerSchema);
}

export function useTiers() {
  return useQuery({ queryKey: tiersKey, queryFn: getTiers });
}
