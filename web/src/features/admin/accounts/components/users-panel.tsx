import type { User } from '@shared/schemas/accounts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { SearchForm } from '@/components/ui/filter-fields';
import { SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { useUsers } from '@/features/admin/accounts/api/get-users';
import { AddBalanceForm } from '@/features/admin/money/components/add-balance-form';
import { ListTable } from '@/features/admin/shared/components/list-table';
import { formatAmount, formatDate } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';

type SearchBy = 'email' | 'name';

/** Every account, a page at a time (newest first), or those whose email or name starts with the search. */
export function UsersPanel() {
  const [query, setQuery] = useState('');
  const [by, setBy] = useState<SearchBy>('email');
  const [submitted, setSubmitted] = useState<{ q: string; by: SearchBy }>({ q: '', by: 'email' });
  const users = useUsers(submitted);
  // The row the admin credits: by its id, whatever email the account holds by then.
  const [crediting, setCrediting] = useState<User | null>(null);
  // Outlives the dialog: reopening it after a lost answer retries the same credit with the same key.
  const creditAttempts = useIdempotencyKey();
  return (
    <Section id="users-heading" title="Users">
      <SearchForm
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        submitLabel="Search"
        onSearch={() => setSubmitted({ q: query.trim().toLowerCase(), by })}
      >
        <div className="sm:w-40">
          <SelectField label="Search by" value={by} onChange={(event) => setBy(event.target.value as SearchBy)}>
            <option value="email">Email</option>
            <option value="name">Name</option>
          </SelectField>
        </div>
        <div className="min-w-0 flex-1">
          <TextField
            label={by === 'email' ? 'Search users by email' : 'Search users by name'}
            type="search"
            placeholder={by === 'email' ? 'Email starts with…' : 'Name starts with…'}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </SearchForm>
      <ListTable
        list={users}
        caption="Users"
        emptyText="No users found."
        errorText="Could not load users."
        columns={[
          {
            header: 'User',
            cell: (user) => (
              <span className="min-w-0 text-right sm:text-left">
                <Link
                  to={paths.adminUser.getHref(user._id)}
                  className="block font-medium text-brand-700 underline-offset-2 hover:underline"
                  dir="auto"
                >
                  {user.name}
                </Link>{' '}
                {user.role === 'admin' ? <span className="text-xs font-semibold text-brand-700">(admin)</span> : null}
                <span className="block text-xs break-all text-slate-600">{user.email}</span>
              </span>
            ),
          },
          { header: 'Balance', cell: (user) => <span className="font-semibold tabular-nums">{formatAmount(user.balance)}</span> },
          {
            header: 'State',
            cell: (user) =>
              user.blocked ? (
                <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">Blocked</span>
              ) : (
                <span className="text-xs text-slate-600">Active</span>
              ),
          },
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
      <Modal open={crediting !== null} onClose={() => setCrediting(null)} title="Add Balance">
        {crediting ? (
          <AddBalanceForm key={crediting._id} account={crediting} attempts={creditAttempts} onDone={() => setCrediting(null)} />
        ) : null}
      </Modal>
    </Section>
  );
}
