import type { User } from '@shared/schemas/accounts';
import { formatDate } from '@/lib/format';

/**
 * What a blocked customer sees on their dashboard and order page: that the account is suspended,
 * the admin's reason, and where to ask. Nothing when the account is not blocked.
 */
export function AccountSuspended({ blocked, supportChat }: { blocked: User['blocked']; supportChat?: string | undefined }) {
  if (!blocked) return null;
  return (
    <section
      role="alert"
      aria-labelledby="account-suspended-heading"
      className="rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
    >
      <h2 id="account-suspended-heading" className="font-bold">
        Your account is suspended
      </h2>
      <p className="mt-1 text-sm">
        Since {formatDate(blocked.at)}. Reason: <span className="font-medium wrap-anywhere">{blocked.reason}</span>
      </p>
      <p className="mt-1 text-sm">
        You cannot place orders, request top-ups or use your API key until it is lifted. Orders already placed go on.
        {supportChat ? (
          <>
            {' '}
            <a href={supportChat} target="_blank" rel="noreferrer" className="font-semibold underline">
              Contact support
            </a>
          </>
        ) : null}
      </p>
    </section>
  );
}
