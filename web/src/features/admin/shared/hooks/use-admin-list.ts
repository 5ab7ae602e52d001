// The one list hook of the admin console: every admin list answers `{ <itemsKey>: Item[], nextCursor }`
// and pages through all of its items, a server page at a time (Load more follows `nextCursor`).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export type ListParams = Record<string, string | number | undefined>;

export interface AdminListOptions<Item> {
  /** The query key's stem (e.g. `adminOrdersKey`); the params are appended, so a filter is its own cache entry. */
  key: readonly unknown[];
  /** The API path below /api, e.g. `/admin/order`. */
  path: string;
  /** The answer's array field, e.g. `orders`. */
  itemsKey: string;
  item: z.ZodMiniType<Item>;
  params?: ListParams;
  /** Items per server page (the API caps it at 100). */
  limit?: number;
  enabled?: boolean;
}

export function adminListAnswer<Item>(itemsKey: string, item: z.ZodMiniType<Item>) {
  return z.object({ [itemsKey]: z.array(item), nextCursor: z.optional(z.nullable(z.string())) }) as unknown as z.ZodMiniType<
    Record<string, Item[]> & { nextCursor?: string | null }
  >;
}

export function useAdminList<Item>({ key, path, itemsKey, item, params = {}, limit = 50, enabled = true }: AdminListOptions<Item>) {
  const answer = useMemo(() => adminListAnswer(itemsKey, item), [itemsKey, item]);
  const query = useInfiniteQuery({
    queryKey: [...key, params],
    queryFn: ({ pageParam, signal }) => api.get(path, answer, { params: { ...params, limit, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page[itemsKey] ?? []) ?? [], [query.data, itemsKey]);
  return Object.assign(query, { items });
}

export type AdminList<Item> = ReturnType<typeof useAdminList<Item>>;
