// Cells the admin tables share: who an entry belongs to (Load more is components/ui/load-more.tsx).
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

/** An order's or a refill's number (#…), with when it was made under it. */
export function NumberCell({ entry }: { entry: { number: number; createdAt: string } }) {
  return (
    <span className="text-right sm:text-left">
      <span className="block font-mono font-semibold">#{entry.number}</span>
      <span className="block text-xs text-slate-600">{formatDateTime(entry.createdAt)}</span>
    </span>
  );
}

/** Who an entry belongs to; with the account's `_id`, its name opens the account in the Users section. */
export function UserCell({ user }: { user: { _id?: string; name: string; email: string } }) {
  return (
    <span className="min-w-0 text-right sm:text-left">
      {user._id ? (
        <Link
          to={paths.adminUser.getHref(user._id)}
          className="block font-medium text-brand-700 underline-offset-2 hover:underline"
          dir="auto"
        >
          {user.name}
        </Link>
      ) : (
        <span className="block font-medium" dir="auto">
          {user.name}
        </span>
      )}
      <span className="block text-xs break-all text-slate-600">{user.email}</span>
    </span>
  );
}

/**
 * A pending row's Approve and Reject, each named for its row. Stacked between 640 and 1024 px, where
 * side by side they would widen the table past the screen.
 */
export function DecisionButtons({
  approveLabel,
  rejectLabel,
  onApprove,
  onReject,
}: {
  approveLabel: string;
  rejectLabel: string;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:justify-start lg:flex-nowrap">
      <Button variant="success" aria-label={approveLabel} onClick={onApprove}>
        Approve
      </Button>
      <Button variant="secondary" aria-label={rejectLabel} onClick={onReject}>
        Reject
      </Button>
    </div>
  );
}

/** The account a form acts on, above its fields: its name, then its email. */
export function AccountLine({ account }: { account: { name: string; email: string } }) {
  return (
    <p className="text-sm text-slate-600">
      <bdi className="font-medium text-slate-900">{account.name}</bdi> <span className="break-all">({account.email})</span>
    </p>
  );
}
