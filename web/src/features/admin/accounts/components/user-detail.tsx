// One account as the admin sees it: profile, balance, blocked state, API key status (never the key),
// the Adjust and Block/Unblock dialogs, a customer's pricing, and its ledger, orders and top-ups, each paging through all;
// a credited top-up can be reversed (with its referral commission).

import { formatNumber } from '@shared/numbers';
import type { AdminUserDetail } from '@shared/schemas/accounts';
import type { LedgerEntry, Recharge } from '@shared/schemas/money';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, cardClass } from '@/components/ui/card';
import type { Column } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Section } from '@/components/ui/section';
import { LoadingBlock } from '@/components/ui/spinner';
import { RequestStatusBadge, StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import {
  useAdminUser,
  useUserLedger,
  useUserOrders,
  useUserRechargeRequests,
  useUserRecharges,
} from '@/features/admin/accounts/api/get-admin-user';
import { BlockUserForm } from '@/features/admin/accounts/components/block-user-form';
import { Fact } from '@/features/admin/accounts/components/fact';
import { UserPricing } from '@/features/admin/accounts/components/user-pricing';
import { AdjustBalanceForm } from '@/features/admin/money/components/adjust-balance-form';
import { ReverseTopUpForm } from '@/features/admin/money/components/reverse-top-up-form';
import { ListTable, type ListTableList } from '@/features/admin/shared/components/list-table';
import { CreditedHow } from '@/features/admin/top-ups/components/request-sms';
import { ApiError } from '@/lib/api-error';
import { formatAmount, formatDate, formatDateTime } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';

const LEDGER_LABELS: Record<LedgerEntry['type'], string> = {
  credit: 'Credit',
  debit: 'Debit',
  refund: 'Refund',
  adjustment: 'Adjustment',
  referral: 'Referral earnings',
};

/** What an entry did to the balance, signed. */
const signedAmount = (entry: LedgerEntry) => (entry.type === 'debit' ? -entry.amount : entry.amount);
const signed = (rupees: number) => (rupees > 0 ? `+${formatAmount(rupees)}` : formatAmount(rupees));

function ledgerDetails(entry: LedgerEntry): string {
  if (entry.reason) return entry.reason;
  if (entry.orderId) return `Order #${entry.orderId}`;
  if (entry.type === 'credit') return 'Top-up';
  return entry.type === 'referral' ? 'Moved from their referral balance' : '';
}

export function UserDetail({ uid }: { uid: string }) {
  const detail = useAdminUser(uid);
  const [dialog, setDialog] = useState<'adjust' | 'block' | null>(null);
  // Outlives the dialog: reopening it after a lost answer retries the same adjustment with the same key.
  const adjustAttempts = useIdempotencyKey();

  if (detail.isPending) return <LoadingBlock className="min-h-40" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.code === 'user_not_found';
    return <FormAlert>{missing ? 'User not found.' : 'Could not load this user.'}</FormAlert>;
  }
  const { user } = detail.data;
  return (
    <div className="space-y-6">
      <Profile detail={detail.data} onAdjust={() => setDialog('adjust')} onBlock={() => setDialog('block')} />
      <UserPricing uid={uid} />
      <UserLedger uid={uid} />
      <UserOrders uid={uid} />
      <UserTopUps uid={uid} />
      <Modal open={dialog === 'adjust'} onClose={() => setDialog(null)} title="Adjust Balance">
        {dialog === 'adjust' ? <AdjustBalanceForm account={user} attempts={adjustAttempts} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <Modal open={dialog === 'block'} onClose={() => setDialog(null)} title={user.blocked ? 'Unblock Account' : 'Block Account'}>
        {dialog === 'block' ? <BlockUserForm account={user} onDone={() => setDialog(null)} /> : null}
      </Modal>
    </div>
  );
}

function Profile({ detail, onAdjust, onBlock }: { detail: AdminUserDetail; onAdjust: () => void; onBlock: () => void }) {
  const { user, apiKey, namedApiKeys = 0, counts, referral } = detail;
  return (
    <Card aria-labelledby="user-profile-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="user-profile-heading" className="text-lg font-bold wrap-anywhere text-slate-900">
            <bdi>{user.name}</bdi> {user.role === 'admin' ? <span className="text-xs font-semibold text-brand-700">(admin)</span> : null}
          </h2>
          <p className="text-sm break-all text-slate-600">{user.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onAdjust}>
            Adjust Balance
          </Button>
          {user.role === 'admin' ? null : (
            <Button size="sm" variant={user.blocked ? 'secondary' : 'danger'} onClick={onBlock}>
              {user.blocked ? 'Unblock' : 'Block'}
            </Button>
          )}
        </div>
      </div>
      {user.blocked ? (
        <FormAlert>
          Blocked since {formatDateTime(user.blocked.at)}: {user.blocked.reason}
        </FormAlert>
      ) : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Balance">
          <span className="text-xl font-bold tabular-nums">{formatAmount(user.balance)}</span>
        </Fact>
        <Fact label="Joined">{formatDate(user.createdAt)}</Fact>
        <Fact label="Last recharge">
          {user.lastRecharge ? `${formatAmount(user.lastRecharge.amount)} · ${formatDate(user.lastRecharge.date)}` : 'N/A'}
        </Fact>
        <Fact label="API keys">
          {apiKey.exists
            ? `Active, key ending ${apiKey.last4 ?? '····'}${apiKey.createdAt ? ` · made ${formatDate(apiKey.createdAt)}` : ''}`
            : 'No main key'}
          {namedApiKeys > 0 ? ` · ${namedApiKeys} named ${namedApiKeys === 1 ? 'key' : 'keys'}` : ''}
        </Fact>
        <Fact label="Orders">{counts.orders}</Fact>
        <Fact label="Top-up requests">{counts.rechargeRequests}</Fact>
        {referral ? (
          <Fact label="Referred by">
            {referral.referredBy ? (
              <Link
                to={paths.adminUser.getHref(referral.referredBy._id)}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                <bdi>{referral.referredBy.name || referral.referredBy._id}</bdi>
              </Link>
            ) : (
              'Nobody'
            )}
          </Fact>
        ) : null}
        {referral && (referral.earned !== 0 || referral.balance !== 0) ? (
          <Fact label="Referral earnings">
            {`${formatAmount(referral.earned)} earned · ${formatAmount(referral.transferred)} moved · ${formatAmount(referral.balance)} held`}
          </Fact>
        ) : null}
      </dl>
    </Card>
  );
}

/** One of the account's lists on a card of its own, titled as its table is captioned. */
function UserList<Row extends { _id: string }>({
  id,
  title,
  list,
  emptyText,
  columns,
}: {
  id: string;
  title: string;
  list: ListTableList<Row>;
  emptyText: string;
  columns: Column<Row>[];
}) {
  return (
    <Section id={id} title={title} className={cardClass('space-y-3')}>
      <ListTable<Row> list={list} caption={title} getKey={(row) => row._id} emptyText={emptyText} columns={columns} />
    </Section>
  );
}

function UserLedger({ uid }: { uid: string }) {
  return (
    <UserList
      id="user-ledger-heading"
      title="Ledger"
      list={useUserLedger(uid)}
      emptyText="No ledger entries yet."
      columns={[
        { header: 'Date', cell: (entry) => formatDateTime(entry.at) },
        { header: 'Type', cell: (entry) => LEDGER_LABELS[entry.type] },
        { header: 'Amount', cell: (entry) => <span className="font-semibold tabular-nums">{signed(signedAmount(entry))}</span> },
        { header: 'Balance after', cell: (entry) => <span className="tabular-nums">{formatAmount(entry.balanceAfter)}</span> },
        { header: 'Details', cell: (entry) => <span className="wrap-anywhere">{ledgerDetails(entry)}</span> },
      ]}
    />
  );
}

function UserOrders({ uid }: { uid: string }) {
  return (
    <UserList
      id="user-orders-heading"
      title="Orders"
      list={useUserOrders(uid)}
      emptyText="No orders yet."
      columns={[
        { header: 'Order', cell: (order) => `#${order._id}` },
        { header: 'Service', cell: (order) => order.service },
        { header: 'Link', cell: (order) => <span className="break-all">{order.link}</span> },
        { header: 'Quantity', cell: (order) => formatNumber(order.quantity) },
        { header: 'Price', cell: (order) => formatAmount(order.price) },
        { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
        { header: 'Date', cell: (order) => formatDate(order.createdAt) },
      ]}
    />
  );
}

/** A credit's standing: taken back (and why), else its Reverse, named for its row. */
function RechargeState({ recharge, onReverse }: { recharge: Recharge; onReverse: () => void }) {
  if (recharge.reversed) {
    return (
      <span className="text-right wrap-anywhere sm:text-left" title={`Reversed ${formatDateTime(recharge.reversed.at)}`}>
        Reversed: {recharge.reversed.reason}
      </span>
    );
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Reverse the top-up of ${formatAmount(recharge.amount)} on ${formatDateTime(recharge.date)}`}
      onClick={onReverse}
    >
      Reverse
    </Button>
  );
}

function UserTopUps({ uid }: { uid: string }) {
  const recharges = useUserRecharges(uid);
  const requests = useUserRechargeRequests(uid);
  const [reversing, setReversing] = useState<Recharge | null>(null);
  // Outlives the dialog: reopening it after a lost answer retries the same reversal with the same key.
  const reverseAttempts = useIdempotencyKey();
  return (
    <Section id="user-top-ups-heading" title="Top-ups" className={cardClass('space-y-4')}>
      <ListTable
        list={recharges}
        caption="Recharges"
        emptyText="No recharges yet."
        columns={[
          { header: 'Amount', cell: (recharge) => formatAmount(recharge.amount) },
          { header: 'Method', cell: (recharge) => recharge.method ?? '—' },
          { header: 'Transaction ID', cell: (recharge) => <span className="break-all">{recharge.reference ?? '—'}</span> },
          { header: 'Date', cell: (recharge) => formatDateTime(recharge.date) },
          { header: 'Reversal', cell: (recharge) => <RechargeState recharge={recharge} onReverse={() => setReversing(recharge)} /> },
        ]}
      />
      <Modal open={reversing !== null} onClose={() => setReversing(null)} title="Reverse Top-up">
        {reversing ? (
          <ReverseTopUpForm
            recharge={reversing}
            attempts={reverseAttempts}
            onDone={() => setReversing(null)}
            onCancel={() => setReversing(null)}
          />
        ) : null}
      </Modal>
      <ListTable
        list={requests}
        caption="Recharge requests"
        emptyText="No recharge requests yet."
        columns={[
          { header: 'Amount', cell: (request) => formatAmount(request.amount) },
          { header: 'Wallet', cell: (request) => request.method },
          { header: 'Transaction ID', cell: (request) => <span className="break-all">{request.reference}</span> },
          {
            header: 'Status',
            cell: (request) => (
              <span className="text-right sm:text-left">
                <RequestStatusBadge status={request.status} />
                <CreditedHow request={request} />
              </span>
            ),
          },
          { header: 'Date', cell: (request) => formatDateTime(request.createdAt) },
        ]}
      />
    </Section>
  );
}
