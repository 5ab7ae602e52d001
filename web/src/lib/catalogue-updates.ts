// The catalogue's updates feed read a page at a time: /updates (everyone's) and the admin's Services section (hidden ones too).
import { updatesPageSchema } from '@shared/catalogue-updates';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';

const PAGE = 20;
/** Every list of the feed: a catalogue change (it writes entries) and the admin's hide or note refresh them. */
export const catalogueUpdatesKey = ['catalogue-updates'] as const;

/** The catalogue's updates, newest first, a page at a time: everyone's (`/updates`) or the admin's (hidden ones too). */
export function useUpdatePages(scope: 'public' | 'admin') {
  const query = useInfiniteQuery({
    queryKey: [...catalogueUpdatesKey, scope],
    queryFn: ({ pageParam, signal }) =>
      api.get(scope === 'admin' ? '/admin/updates' : '/updates', updatesPageSchema, { params: { limit: PAGE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const updates = useMemo(() => query.data?.pages.flatMap((page) => page.updates) ?? [], [query.data]);
  return Object.assign(query, { updates });
}
