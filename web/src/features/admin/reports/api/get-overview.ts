import { overviewSchema } from '@shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminOverviewKey = ['admin', 'overview'] as const;

export function getOverview() {
  return api.get('/admin/overview', overviewSchema);
}

/** The headline figures: pending top-ups and orders, today's orders and revenue (the Pakistan day). */
export function useOverview() {
  return useQuery({ queryKey: adminOverviewKey, queryFn: getOverview });
}
