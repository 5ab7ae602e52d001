// The reviews visitors posted, held for approval before they show on About (issue 29): the pending queue
// (oldest first) with Approve and Reject, and the approved and rejected ones (newest first). Approve
// publishes the review; Reject keeps it off About, with a note the admins alone read. While a review's
// dialog is open its row and the rows around it stay put, and the decided row leaves once decided.
import type { AdminReview, ReviewStatus } from '@shared/schemas';
import { LIMITS } from '@shared/schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { FormAlert, TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Stars } from '@/components/ui/stars';
import { RequestStatusBadge } from '@/components/ui/status-badge';
import { useToast } from '@/components/ui/toasts';
import { useDecideReview } from '@/features/admin/api/decide-review';
import { useAdminReviews } from '@/features/admin/api/get-admin-reviews';
import { adminFailure } from '@/features/admin/components/admin-messages';
import { ListTable } from '@/features/admin/components/list-table';
import { StatusTabs } from '@/features/admin/components/status-tabs';
import { useRowDialog, withRows } from '@/features/admin/hooks/use-steady-rows';
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
      <blockquote className="mt-2 text-sm whitespace-pre-line break-words text-slate-700">{review.comment}</blockquote>
    </figure>
  );
}

function DecisionForm({ dialog, onDecided, onCancel }: { dialog: Dialog; onDecided: () => void; onCancel: () => void }) {
  const decide = useDecideReview();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const approving = dialog.kind === 'approve';
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        try {
          const answer = await decide.mutateAsync(
            approving
              ? { id: dialog.review._id, decision: 'approve' }
              : { id: dialog.review._id, decision: 'reject', note: note.trim() || undefined },
          );
          toast.success(`✅ ${answer.message}`);
          onDecided();
        } catch (error) {
          setFailure(adminFailure(error));
        }
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
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={approving ? 'success' : 'danger'} className="flex-1" loading={decide.isPending}>
          {approving ? 'Approve' : 'Reject'}
        </Button>
      </div>
    </form>
  );
}

export function ReviewsPanel() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const reviews = useAdminReviews(status);
  const { rows, dialog, open, close } = useRowDialog<(typeof reviews.items)[number], Dialog>(
    reviews.items,
    (review) => review._id,
    status === 'pending',
  );

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
          <span className="block text-sm whitespace-pre-line break-words text-slate-700">{review.comment}</span>
          {review.note ? <span className="mt-1 block text-xs break-words text-slate-600">Note: {review.note}</span> : null}
        </span>
      ),
    },
    status === 'pending'
      ? {
          header: 'Decision',
          cell: (review) => (
            <div className="flex flex-wrap justify-end gap-2 sm:justify-start lg:flex-nowrap">
              <Button
                variant="success"
                aria-label={`Approve the review of ${review.name}`}
                onClick={() => open({ kind: 'approve', review })}
              >
                Approve
              </Button>
              <Button
                variant="secondary"
                aria-label={`Reject the review of ${review.name}`}
                onClick={() => open({ kind: 'reject', review })}
              >
                Reject
              </Button>
            </div>
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
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-lg font-bold text-slate-900">
        Customer Reviews
      </h2>
      <StatusTabs label="Reviews" tabs={TABS} value={status} onChange={setStatus}>
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {status === 'pending' ? 'Oldest first: the review that has waited longest is at the top.' : 'Newest first.'}
          </p>
          <ListTable
            list={withRows(reviews, rows)}
            caption={CAPTIONS[status]}
            getKey={(review) => review._id}
            emptyText={status === 'pending' ? 'No reviews waiting for approval.' : `No ${status} reviews.`}
            errorText="Could not load reviews."
            columns={columns}
          />
        </div>
      </StatusTabs>
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
    </section>
  );
}
