// The top-up requests: the pending queue (oldest first) with what the wallet's SMS says beside each, and
// the approved and rejected ones (newest first), an approved one saying whether the autopilot credited it.
// While a request's dialog is open its row and the rows around it stay put: a refetch in the background
// neither reorders nor removes them, and the decided row leaves once its decision succeeded.
import type { AdminRechargeRequest, RechargeRequest } from '@shared/schemas/top-ups';
import { useState } from 'react';
import type { Column } from '@/components/ui/data-table';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextAreaField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { DuplicateIdBadge, RequestStatusBadge } from '@/components/ui/status-badge';
import { DecisionButtons, UserCell } from '@/features/admin/shared/components/cells';
import { QueueDialog, QueueTable } from '@/features/admin/shared/components/queue-table';
import { toldByServer, useAdminAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useQueue } from '@/features/admin/shared/hooks/use-steady-rows';
import { useRejectRechargeRequest } from '@/features/admin/top-ups/api/decide-recharge-request';
import { useRechargeRequests } from '@/features/admin/top-ups/api/get-recharge-requests';
import { ApproveRequestForm } from '@/features/admin/top-ups/components/approve-request-form';
import { ProofThumbnail } from '@/features/admin/top-ups/components/payment-proof';
import { CreditedHow, PayerNumber, RequestSms } from '@/features/admin/top-ups/components/request-sms';
import { formatAmount, formatDateTime } from '@/lib/format';

type Status = RechargeRequest['status'];
type Dialog = { kind: 'approve' | 'reject'; request: AdminRechargeRequest };

const TABS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly { value: Status; label: string }[];

function Decision({ request, onOpen }: { request: AdminRechargeRequest; onOpen: (dialog: Dialog) => void }) {
  return (
    <DecisionButtons
      approveLabel={`Approve ${formatAmount(request.amount)} for ${request.user.email}`}
      rejectLabel={`Reject request of ${request.user.email}`}
      onApprove={() => onOpen({ kind: 'approve', request })}
      onReject={() => onOpen({ kind: 'reject', request })}
    />
  );
}

function RejectForm({ request, onRejected, onCancel }: { request: AdminRechargeRequest; onRejected: () => void; onCancel: () => void }) {
  const reject = useRejectRechargeRequest();
  const { failure, run } = useAdminAction();
  const [note, setNote] = useState('');
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        await run(() => reject.mutateAsync({ id: request._id, note: note.trim() || undefined }), { done: toldByServer, after: onRejected });
      }}
    >
      <p className="text-sm text-slate-700">
        {formatAmount(request.amount)} from <span className="break-all">{request.user.email}</span> via {request.method} (transaction{' '}
        <span className="wrap-anywhere">{request.reference}</span>).
      </p>
      <TextAreaField label="Note for the user (optional)" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      <DialogActions
        failure={failure}
        onCancel={onCancel}
        action={{ type: 'submit', variant: 'danger', loading: reject.isPending, label: 'Reject' }}
      />
    </form>
  );
}

export function RechargeRequestsPanel() {
  const queue = useQueue<Status, AdminRechargeRequest, Dialog>('pending', useRechargeRequests, (state) => state === 'pending');
  const { status, open, close } = queue;

  const columns: Column<AdminRechargeRequest>[] = [
    // The date under the user, not a column of its own: at 640 px the table must still fit.
    {
      header: 'User',
      cell: (request) => (
        <span className="min-w-0 text-right sm:text-left">
          <UserCell user={request.user} />
          <span className="block text-xs text-slate-600">{formatDateTime(request.createdAt)}</span>
        </span>
      ),
    },
    {
      header: 'Amount',
      cell: (request) => (
        <span className="text-right sm:text-left">
          <span className="block font-semibold tabular-nums">{formatAmount(request.amount)}</span>
          <CreditedHow request={request} />
        </span>
      ),
    },
    {
      header: 'Payment',
      cell: (request) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block">{request.method}</span>
          <span className="block font-mono text-xs wrap-anywhere text-slate-700">{request.reference}</span>
          <PayerNumber payerNumber={request.payerNumber} />
          {request.duplicate ? <DuplicateIdBadge /> : null}
        </span>
      ),
    },
    { header: 'Wallet SMS', cell: (request) => <RequestSms sms={request.sms} /> },
    { header: 'Screenshot', cell: (request) => <ProofThumbnail request={request} /> },
    status === 'pending'
      ? { header: 'Decision', cell: (request) => <Decision request={request} onOpen={open} /> }
      : { header: 'Status', cell: (request) => <RequestStatusBadge status={request.status} /> },
  ];

  return (
    <Section id="requests-heading" title="Recharge Requests">
      <QueueTable
        queue={queue}
        label="Recharge requests"
        tabs={TABS}
        intro={status === 'pending' ? 'Oldest first: the customer who has waited longest is at the top.' : 'Newest first.'}
        caption={
          status === 'pending' ? 'Pending Recharge Requests' : `${status === 'approved' ? 'Approved' : 'Rejected'} recharge requests`
        }
        emptyText={`No ${status} recharge requests.`}
        errorText="Could not load recharge requests."
        columns={columns}
      />
      <QueueDialog queue={queue} kind="approve" title="Approve recharge request">
        {({ request }, cancel) => <ApproveRequestForm request={request} onApproved={() => close(request._id)} onCancel={cancel} />}
      </QueueDialog>
      <QueueDialog queue={queue} kind="reject" title="Reject recharge request">
        {({ request }, cancel) => <RejectForm request={request} onRejected={() => close(request._id)} onCancel={cancel} />}
      </QueueDialog>
    </Section>
  );
}
