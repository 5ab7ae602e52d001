// The next server page of an infinite query: a Load more button, or nothing once the last page is in.
import { Button } from '@/components/ui/button';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 44 px tall: a phone's tap target. */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      Load more
    </Button>
  );
}

/** LoadMore centred below a list (a table's footer), or nothing once the last page is in. */
export function LoadMoreFooter({ query }: { query: PagedQuery }) {
  return query.hasNextPage ? (
    <div className="mt-4 flex justify-center">
      <LoadMore query={query} />
    </div>
  ) : null;
}
