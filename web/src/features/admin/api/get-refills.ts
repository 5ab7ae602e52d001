import type { RefillStatus } from '@shared/api-v2';
import { refillSchema } from '@shared/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const refillsAnswer = z.object({ refills: z.array(refillSchema), nextCursor: z.string().nullable() });

/** Refill requests resellers made through API v2, newest first; all statuses when `status` is undefined. */
export function getRefills(status: RefillStatus | undefined, cursor?: string) {
  return api.get('/admin/refills', refillsAnswer, { params: { status, limit: 50, cursor } });
}

export const adminRefillsKey = ['admin', 'refills'] as const;

export function useRefills(status: RefillStatus | undefined) {
  return useInfiniteQuery({
    queryKey: [...adminRefillsKey, status ?? 'all'],
    queryFn: ({ pageParam }) => getRefills(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
