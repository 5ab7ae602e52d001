import type { User } from '@shared/schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { useUsers } from '@/features/admin/api/get-users';
import { AddBalanceForm } from '@/features/admin/components/add-balance-form';
import { formatAmount, formatDate } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';

export function UsersPanel() {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const users = useUsers(submitted);
  // The row the admin credits: by its id, whatever email the account holds by then.
  const [crediting, setCrediting] = useState<User | null>(null);
  // Outlives the dialog: reopening it after a lost answer retries the same credit with the same key.
  const creditAttempts = useIdempotencyKey();
  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h2 id="users-heading" className="text-lg font-bold text-slate-900">
        Users
      </h2>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(query.trim().toLowerCase());
          }}
        >
          <TextField
            label="Search users by email"
            type="search"
            placeholder="Email starts with…"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
      </search>
      {users.isPending ? (
        <LoadingBlock className="min-h-32" />
      ) : users.isError ? (
        <FormAlert>Could not load users.</FormAlert>
      ) : (
        <DataTable
          caption="Users"
          rows={users.data.users}
          getKey={(user) => user._id}
          emptyText="No users found."
          columns={[
            {
              header: 'User',
              cell: (user) => (
                <span className="text-right sm:text-left">
                  <span className="block font-medium">
                    {user.name} {user.role === 'admin' ? <span className="text-xs font-semibold text-brand-700">(admin)</span> : null}
                  </span>
                  <span className="block text-xs break-all text-slate-600">{user.email}</span>
                </span>
              ),
            },
            { header: 'Balance', cell: (user) => <span className="font-semibold tabular-nums">{formatAmount(user.balance)}</span> },
            {
              header: 'Last Recharge',
              cell: (user) =>
                user.lastRecharge ? `${formatAmount(user.lastRecharge.amount)} · ${formatDate(user.lastRecharge.date)}` : 'N/A',
            },
            { header: 'Joined', cell: (user) => formatDate(user.createdAt) },
            {
              header: 'Actions',
              cell: (user) => (
                <Button size="sm" variant="secondary" aria-label={`Credit ${user.email}`} onClick={() => setCrediting(user)}>
                  Credit
                </Button>
              ),
            },
          ]}
        />
      )}
      <Modal open={crediting !== null} onClose={() => setCrediting(null)} title="Add Balance">
        {crediting ? (
          <AddBalanceForm key={crediting._id} account={crediting} attempts={creditAttempts} onDone={() => setCrediting(null)} />
        ) : null}
      </Modal>
    </section>
  );
}
