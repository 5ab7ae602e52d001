import { spendingSchema } from '@shared/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const spendingKey = ['spending'] as const;

export function getSpending(signal?: AbortSignal) {
  return api.get('/ledger/spending', spendingSchema, { signal });
}

/** What the customer spent per Pakistan day over the last 30 days (charges − refunds). */
export function useSpending() {
  return useQuery({ queryKey: spendingKey, queryFn: ({ signal }) => getSpending(signal) });
}
