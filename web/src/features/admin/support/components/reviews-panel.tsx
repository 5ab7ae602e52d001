// The reviews visitors posted, held for approval before they show on About: the pending queue
// (oldest first) with Approve and Reject, and the approved and rejected ones (newest first). Approve
// publishes the review; Reject keeps it off About, with a note the admins alone read. While a review's
// dialog is open its row and the rows around it stay put, and the decided row leaves once decided.

import { LIMITS } from '@shared/schemas/fields';
import type { AdminReview, ReviewStatus } from '@shared/schemas/support';
import { useState } from 'react';
import type { Column } from '@/components/ui/data-table';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Section } from '@/components/ui/section';
import { Stars } from '@/components/ui/stars';
import { RequestStatusBadge } from '@/components/ui/status-badge';
import { DecisionButtons } from '@/features/admin/shared/components/cells';
import { QueueTable } from '@/features/admin/shared/components/queue-table';
import { toldByServer, useAdminAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useQueue } from '@/features/admin/shared/hooks/use-steady-rows';
import { useDecideReview } from '@/features/admin/support/api/decide-review';
import { useAdminReviews } from '@/features/admin/support/api/get-admin-reviews';
import { formatDateTime } from '@/lib/format';

type Dialog = { kind: 'approve' | 'reject'; review: AdminReview };

const TABS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly { value: ReviewStatus; label: string }[];

const CAPTIONS: Record<ReviewStatus, string> = {
  pending: 'Reviews waiting for approval',
  approved: 'Approved reviews',
  rejected: 'Rejected reviews',
};

/** The review as the dialog recalls it: who, the stars and the words. */
function ReviewQuote({ review }: { review: AdminReview }) {
  return (
    <figure className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-all text-slate-900">{review.name}</span>
        <Stars rating={review.rating} />
      </figcaption>
      <blockquote className="mt-2 text-sm whitespace-pre-line wrap-anywhere text-slate-700">{review.comment}</blockquote>
    </figure>
  );
}

function DecisionForm({ dialog, onDecided, onCancel }: { dialog: Dialog; onDecided: () => void; onCancel: () => void }) {
  const decide = useDecideReview();
  const { failure, run } = useAdminAction();
  const [note, setNote] = useState('');
  const approving = dialog.kind === 'approve';
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        await run(
          () =>
            decide.mutateAsync(
              approving
                ? { id: dialog.review._id, decision: 'approve' }
                : { id: dialog.review._id, decision: 'reject', note: note.trim() || undefined },
            ),
          { done: toldByServer, after: onDecided },
        );
      }}
    >
      <ReviewQuote review={dialog.review} />
      {approving ? (
        <p className="text-sm text-slate-700">It will show on the About page to everyone.</p>
      ) : (
        <TextAreaField
          label="Note for the admins (optional)"
          maxLength={LIMITS.reason}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      )}
      <DialogActions
        failure={failure}
        onCancel={onCancel}
        action={{
          type: 'submit',
          variant: approving ? 'success' : 'danger',
          loading: decide.isPending,
          label: approving ? 'Approve' : 'Reject',
        }}
      />
    </form>
  );
}

export function ReviewsPanel() {
  const queue = useQueue<ReviewStatus, AdminReview, Dialog>('pending', useAdminReviews, (state) => state === 'pending');
  const { status, dialog, open, close } = queue;

  const columns: Column<AdminReview>[] = [
    {
      header: 'Review',
      cell: (review) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block font-semibold break-all text-slate-900">{review.name}</span>
          <Stars rating={review.rating} />
          <span className="block text-xs text-slate-600">{formatDateTime(review.createdAt)}</span>
        </span>
      ),
    },
    {
      header: 'Comment',
      cell: (review) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block text-sm whitespace-pre-line wrap-anywhere text-slate-700">{review.comment}</span>
          {review.note ? <span className="mt-1 block text-xs wrap-anywhere text-slate-600">Note: {review.note}</span> : null}
        </span>
      ),
    },
    status === 'pending'
      ? {
          header: 'Decision',
          cell: (review) => (
            <DecisionButtons
              approveLabel={`Approve the review of ${review.name}`}
              rejectLabel={`Reject the review of ${review.name}`}
              onApprove={() => open({ kind: 'approve', review })}
              onReject={() => open({ kind: 'reject', review })}
            />
          ),
        }
      : {
          header: 'Status',
          cell: (review) => (
            <span className="text-right sm:text-left">
              <RequestStatusBadge status={review.status} />
              <span className="block text-xs text-slate-600">
                {review.decidedAt ? formatDateTime(review.decidedAt) : 'Published before approval'}
              </span>
            </span>
          ),
        },
  ];

  return (
    <Section id="reviews-heading" title="Customer Reviews">
      <QueueTable
        queue={queue}
        label="Reviews"
        tabs={TABS}
        intro={status === 'pending' ? 'Oldest first: the review that has waited longest is at the top.' : 'Newest first.'}
        caption={CAPTIONS[status]}
        emptyText={status === 'pending' ? 'No reviews waiting for approval.' : `No ${status} reviews.`}
        errorText="Could not load reviews."
        columns={columns}
      />
      <Modal open={dialog !== null} onClose={() => close()} title={dialog?.kind === 'reject' ? 'Reject review' : 'Approve review'}>
        {dialog ? (
          <DecisionForm
            key={`${dialog.kind}-${dialog.review._id}`}
            dialog={dialog}
            onDecided={() => close(dialog.review._id)}
            onCancel={() => close()}
          />
        ) : null}
      </Modal>
    </Section>
  );
}
