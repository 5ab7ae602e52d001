// Refill requests resellers made through API v2: the pending queue (oldest first) by default, Complete
// or Reject after a confirmation; a refill of a provider order shows where it stands at the provider
// (whose status decides it, unless the admin does first). No money moves; the reseller's `refill_status` then answers the
// decision. Rows stay in the server's order: a client re-sort would reorder the shown rows on each
// Load more (a pending request of a later page jumping to the top of "all").
import { REFILL_STATUSES, type RefillStatus } from '@shared/api-v2';
import { LIMITS } from '@shared/schemas/fields';
import type { Refill } from '@shared/schemas/orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { SelectField, TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { RefillStatusBadge } from '@/components/ui/status-badge';
import { type RefillDecision, useDecideRefill } from '@/features/admin/orders/api/decide-refill';
import { useRefills } from '@/features/admin/orders/api/get-refills';
import { NumberCell, UserCell } from '@/features/admin/shared/components/cells';
import { ListTable } from '@/features/admin/shared/components/list-table';
import { toldByServer, useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';
import { formatDateTime } from '@/lib/format';

const DECISION_TEXT: Record<RefillDecision, { title: string; body: string; button: string }> = {
  complete: {
    title: 'Complete refill',
    body: 'Complete it once the drop has been topped up. The reseller will see "Completed".',
    button: 'Complete',
  },
  reject: {
    title: 'Reject refill',
    body: 'The customer will see "Rejected" with your reason on their order. They can ask again later while the order is still within its refill period.',
    button: 'Reject',
  },
};

type FilterValue = RefillStatus | 'all';

const UPSTREAM_LABELS: Record<NonNullable<Refill['upstream']>['state'], string> = {
  queued: 'Provider: to be asked',
  sending: 'Provider: being asked',
  sent: 'Provider: asked',
  failed: 'Provider refused',
  unknown: 'Provider: no answer (check its panel)',
};

/** Where the refill stands at the order's provider (its own refill id and word); the admin may still decide by hand. */
function UpstreamNote({ upstream }: { upstream: NonNullable<Refill['upstream']> }) {
  return (
    <span className="mt-1 block text-xs text-slate-700">
      {UPSTREAM_LABELS[upstream.state]}
      {upstream.providerRefillId ? ` · refill ${upstream.providerRefillId}` : ''}
      {upstream.status ? ` · ${upstream.status}` : ''}
      {upstream.error ? <span className="block wrap-anywhere text-red-800">{upstream.error}</span> : null}
    </span>
  );
}

export function RefillRequestsPanel() {
  const toasted = useToastedAction();
  const [filter, setFilter] = useState<FilterValue>('pending');
  const refills = useRefills(filter === 'all' ? undefined : filter);
  const decide = useDecideRefill();
  const [deciding, setDeciding] = useState<{ refill: Refill; decision: RefillDecision } | null>(null);
  const [reason, setReason] = useState('');

  const onConfirm = async () => {
    if (!deciding) return;
    await toasted(() => decide.mutateAsync({ id: deciding.refill._id, decision: deciding.decision, reason }), toldByServer);
    setDeciding(null);
    setReason('');
  };

  const text = deciding ? DECISION_TEXT[deciding.decision] : null;

  return (
    <section aria-labelledby="refills-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="refills-heading" className="text-lg font-bold text-slate-900">
          Refill Requests
        </h2>
        <div className="w-full sm:w-48">
          <SelectField label="Refill status" value={filter} onChange={(event) => setFilter(event.target.value as FilterValue)}>
            {REFILL_STATUSES.map((status) => (
              <option key={status} value={status} className="capitalize">
                {status}
              </option>
            ))}
            <option value="all">all</option>
          </SelectField>
        </div>
      </div>
      <ListTable
        list={refills}
        caption="Refill Requests"
        errorText="Could not load refill requests."
        pageSize={5}
        emptyText={filter === 'pending' ? 'No pending refill requests.' : 'No refill requests.'}
        columns={[
          { header: 'Refill', cell: (refill) => <NumberCell entry={refill} /> },
          {
            header: 'User',
            cell: (refill) => <UserCell user={refill.user} />,
          },
          {
            header: 'Order',
            cell: (refill) => (
              <span className="min-w-0 text-right sm:text-left">
                <span className="block font-mono">#{refill.orderId}</span>
                <span className="block">{refill.service}</span>
                <a
                  href={refill.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block text-xs break-all text-brand-700 hover:underline"
                >
                  {refill.link}
                </a>
              </span>
            ),
          },
          {
            header: 'Status',
            cell: (refill) => (
              <span className="block text-right sm:text-left">
                <RefillStatusBadge status={refill.status} />
                {refill.upstream ? <UpstreamNote upstream={refill.upstream} /> : null}
              </span>
            ),
          },
          {
            header: 'Decision',
            cell: (refill) =>
              refill.status === 'pending' ? (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="success"
                    aria-label={`Complete refill ${refill.number}`}
                    onClick={() => setDeciding({ refill, decision: 'complete' })}
                  >
                    Complete
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Reject refill ${refill.number}`}
                    onClick={() => setDeciding({ refill, decision: 'reject' })}
                  >
                    Reject
                  </Button>
                </div>
              ) : (
                <span className="text-xs text-slate-600">{refill.decidedAt ? formatDateTime(refill.decidedAt) : '—'}</span>
              ),
          },
        ]}
      />
      <Modal
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding && text ? `${text.title} #${deciding.refill.number}?` : ''}
      >
        {deciding && text ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              Order #{deciding.refill.orderId} of {deciding.refill.user.email}: {deciding.refill.service}.
            </p>
            <p className="text-sm text-slate-700">{text.body}</p>
            {deciding.decision === 'reject' ? (
              <TextAreaField
                label="Reason (optional, shown to the customer)"
                maxLength={LIMITS.reason}
                rows={3}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            ) : null}
            <DialogActions
              onCancel={() => setDeciding(null)}
              action={{
                variant: deciding.decision === 'complete' ? 'success' : 'danger',
                loading: decide.isPending,
                onClick: onConfirm,
                label: text.button,
              }}
            />
          </div>
        ) : null}
      </Modal>
    </section>
  );
}
