// The updates feed read and shown a page at a time, with its empty, loading and failed states: everyone's on
// /updates, the admin's (hidden entries too, each with its actions) in the Services section.
import type { CatalogueUpdate } from '@shared/catalogue-updates';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { LoadMoreFooter } from '@/components/ui/load-more';
import { LoadingBlock } from '@/components/ui/spinner';
import { UpdatesList } from '@/components/updates/updates-list';
import { useUpdatePages } from '@/lib/catalogue-updates';

export function UpdatesFeed({ scope, actions }: { scope: 'public' | 'admin'; actions?: (u: CatalogueUpdate) => ReactNode }) {
  const feed = useUpdatePages(scope);
  if (!feed.data) {
    return feed.isError ? (
      <LoadError what="The updates" retrying={feed.isFetching} onRetry={() => void feed.refetch()} />
    ) : (
      <LoadingBlock className="min-h-40" />
    );
  }
  if (feed.updates.length === 0) return <p className="py-6 text-center text-sm text-slate-600">No updates yet.</p>;
  return (
    <>
      <UpdatesList updates={feed.updates} {...(actions ? { actions } : {})} />
      <LoadMoreFooter query={feed} />
    </>
  );
}
