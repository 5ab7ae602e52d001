import { useEffect } from 'react';
import { LoadingBlock } from '@/components/ui/spinner';
import { useReviews } from '@/features/reviews/api/get-reviews';
import { Stars } from '@/features/reviews/components/stars';

export function ReviewsList() {
  const reviews = useReviews();
  // Load failures are only logged (spec §8): the list shows its empty state.
  useEffect(() => {
    if (reviews.error) console.warn('Reviews not loaded', reviews.error);
  }, [reviews.error]);
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-lg font-bold text-slate-900">
        Customer Reviews
      </h2>
      {reviews.isPending && reviews.fetchStatus !== 'idle' ? (
        <LoadingBlock className="min-h-32" />
      ) : !reviews.data || reviews.data.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">No reviews yet. Be the first one!</p>
      ) : (
        <ul className="space-y-3">
          {reviews.data.map((review) => (
            <li key={review._id} className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{review.name}</span>
                <Stars rating={review.rating} />
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
