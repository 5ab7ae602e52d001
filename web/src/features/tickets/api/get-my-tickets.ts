import { ticketSchema } from '@shared/tickets';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ticketsKey } from '@/lib/unread-tickets';

export const myTicketsAnswer = z.object({ tickets: z.array(ticketSchema), nextCursor: z.nullable(z.string()) });

export const myTicketsKey = [...ticketsKey, 'mine'] as const;

export function getMyTickets({ cursor, signal }: { cursor?: string | undefined; signal?: AbortSignal } = {}) {
  return api.get('/tickets', myTicketsAnswer, { params: { limit: 20, cursor }, signal });
}

/** The customer's tickets, newest activity first, a page at a time (Load more follows `nextCursor`). */
export function useMyTickets() {
  return useInfiniteQuery({
    queryKey: myTicketsKey,
    queryFn: ({ pageParam, signal }) => getMyTickets({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
