import type { AdminRechargeRequest } from '@shared/schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { DuplicateIdBadge } from '@/components/ui/status-badge';
import { useToast } from '@/components/ui/toasts';
import { useApproveRechargeRequest, useRejectRechargeRequest } from '@/features/admin/api/decide-recharge-request';
import { usePendingRechargeRequests } from '@/features/admin/api/get-recharge-requests';
import { adminFailure } from '@/features/admin/components/admin-messages';
import { UserCell } from '@/features/admin/components/cells';
import { ListTable } from '@/features/admin/components/list-table';
import { ProofThumbnail } from '@/features/admin/components/payment-proof';
import { formatAmount, formatDateTime } from '@/lib/format';

function Decision({ request, onReject }: { request: AdminRechargeRequest; onReject: (request: AdminRechargeRequest) => void }) {
  const toast = useToast();
  const approve = useApproveRechargeRequest();
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        variant="success"
        loading={approve.isPending}
        aria-label={`Approve ${formatAmount(request.amount)} for ${request.user.email}`}
        onClick={async () => {
          try {
            const answer = await approve.mutateAsync(request._id);
            toast.success(`✅ ${answer.message}`);
          } catch (error) {
            toast.error(adminFailure(error));
          }
        }}
      >
        Approve
      </Button>
      <Button size="sm" variant="secondary" aria-label={`Reject request of ${request.user.email}`} onClick={() => onReject(request)}>
        Reject
      </Button>
    </div>
  );
}

export function RechargeRequestsPanel() {
  const requests = usePendingRechargeRequests();
  const reject = useRejectRechargeRequest();
  const toast = useToast();
  const [rejecting, setRejecting] = useState<AdminRechargeRequest | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const closeReject = () => {
    setRejecting(null);
    setNote('');
    setFailure(null);
  };

  return (
    <section aria-labelledby="requests-heading" className="space-y-4">
      <h2 id="requests-heading" className="text-lg font-bold text-slate-900">
        Pending Recharge Requests
      </h2>
      <p className="text-sm text-slate-600">Oldest first: the customer who has waited longest is at the top.</p>
      <ListTable
        list={requests}
        caption="Pending Recharge Requests"
        getKey={(request) => request._id}
        emptyText="No pending recharge requests."
        errorText="Could not load recharge requests."
        columns={[
          { header: 'Date', cell: (request) => formatDateTime(request.createdAt) },
          {
            header: 'User',
            cell: (request) => <UserCell user={request.user} />,
          },
          { header: 'Amount', cell: (request) => <span className="font-semibold tabular-nums">{formatAmount(request.amount)}</span> },
          {
            header: 'Wallet / Transaction ID',
            cell: (request) => (
              <span className="text-right sm:text-left">
                <span className="block">{request.method}</span>
                <span className="block font-mono text-xs text-slate-700">{request.reference}</span>
                {request.duplicate ? <DuplicateIdBadge /> : null}
              </span>
            ),
          },
          { header: 'Screenshot', cell: (request) => <ProofThumbnail request={request} /> },
          { header: 'Decision', cell: (request) => <Decision request={request} onReject={setRejecting} /> },
        ]}
      />
      <Modal open={rejecting !== null} onClose={closeReject} title="Reject recharge request">
        {rejecting ? (
          <form
            className="space-y-4"
            onSubmit={async (event) => {
              event.preventDefault();
              setFailure(null);
              try {
                const answer = await reject.mutateAsync({ id: rejecting._id, note: note.trim() || undefined });
                toast.success(`✅ ${answer.message}`);
                closeReject();
              } catch (error) {
                setFailure(adminFailure(error));
              }
            }}
          >
            <p className="text-sm text-slate-700">
              {formatAmount(rejecting.amount)} from {rejecting.user.email} via {rejecting.method} (transaction {rejecting.reference}).
            </p>
            <TextAreaField
              label="Note for the user (optional)"
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <div className="flex gap-2">
              <Button variant="secondary" className="flex-1" onClick={closeReject}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" className="flex-1" loading={reject.isPending}>
                Reject
              </Button>
            </div>
          </form>
        ) : null}
      </Modal>
    </section>
  );
}
