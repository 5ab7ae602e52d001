import type { Review } from '@shared/schemas/support';
import { useEffect } from 'react';
import { Section } from '@/components/ui/section';
import { LoadingBlock } from '@/components/ui/spinner';
import { Stars } from '@/components/ui/stars';
import { useAwaitingReviews, useReviews } from '@/features/reviews/api/get-reviews';

function ReviewItem({ review, awaiting = false }: { review: Review; awaiting?: boolean }) {
  return (
    <li className={`rounded-2xl p-4 ring-1 ${awaiting ? 'bg-amber-50 ring-amber-200' : 'bg-slate-50 ring-slate-200'}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900" dir="auto">
          {review.name}
        </span>
        <Stars rating={review.rating} />
      </div>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-700 [unicode-bidi:plaintext]" dir="auto">
        {review.comment}
      </p>
      {awaiting ? (
        <p className="mt-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset">
          Awaiting approval
        </p>
      ) : null}
    </li>
  );
}

/**
 * The published reviews, and on top the ones this visitor just posted, marked "Awaiting approval": only
 * its author sees one before an admin approves it; once published it is listed as any other.
 */
export function ReviewsList() {
  const reviews = useReviews();
  const posted = useAwaitingReviews();
  // Load failures are only logged (spec §8): the list shows its empty state.
  useEffect(() => {
    if (reviews.error) console.warn('Reviews not loaded', reviews.error);
  }, [reviews.error]);
  const published = new Set(reviews.data?.map((review) => review._id));
  const awaiting = posted.filter((review) => !published.has(review._id));
  return (
    <Section id="reviews-heading" title="Customer Reviews">
      {reviews.isPending && reviews.fetchStatus !== 'idle' && awaiting.length === 0 ? (
        <LoadingBlock className="min-h-32" />
      ) : awaiting.length === 0 && (!reviews.data || reviews.data.length === 0) ? (
        <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">No reviews yet. Be the first one!</p>
      ) : (
        <ul className="space-y-3">
          {awaiting.map((review) => (
            <ReviewItem key={review._id} review={review} awaiting />
          ))}
          {reviews.data?.map((review) => (
            <ReviewItem key={review._id} review={review} />
          ))}
        </ul>
      )}
    </Section>
  );
}
