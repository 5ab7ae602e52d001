// Cells the admin tables share: who an entry belongs to, and the Load more button of a server-paged list.
import { Button } from '@/components/ui/button';

export function UserCell({ user }: { user: { name: string; email: string } }) {
  return (
    <span className="min-w-0 text-right sm:text-left">
      <span className="block font-medium">{user.name}</span>
      <span className="block text-xs break-all text-slate-600">{user.email}</span>
    </span>
  );
}

/** The next server page of an infinite query, or nothing once the last page is in. */
export function LoadMore({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      Load more
    </Button>
  );
}
