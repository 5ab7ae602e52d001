import { MESSAGES } from '@shared/messages';
import { LIMITS } from '@shared/schemas/fields';
import { reviewBody } from '@shared/schemas/support';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { useCreateReview } from '@/features/reviews/api/create-review';
import { StarPicker } from '@/features/reviews/components/stars';

/**
 * Leave a Review. As the spec says, a submit without a name, a comment or a rating is silently
 * ignored, and a failed submit is only logged. A change from the spec: a review shows on
 * About only once an admin approved it, so a successful submit tells its author so, and the review goes
 * to the top of the list for its author alone, marked "Awaiting approval" (see useCreateReview).
 */
export function ReviewForm() {
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [rating, setRating] = useState(0);
  const createReview = useCreateReview();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewBody.safeParse({ name, comment, rating });
    if (!parsed.success || createReview.isPending) return;
    try {
      await createReview.mutateAsync(parsed.data);
      setName('');
      setComment('');
      setRating(0);
    } catch (error) {
      console.warn('Review not saved', error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="leave-review-heading">
      <h2 id="leave-review-heading" className="text-lg font-bold text-slate-900">
        Leave a Review
      </h2>
      <TextField
        label="Your Name"
        hideLabel
        placeholder="Your Name"
        dir="auto"
        maxLength={LIMITS.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextAreaField
        label="Your Review"
        hideLabel
        placeholder="Your Review"
        maxLength={LIMITS.comment}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <StarPicker value={rating} onChange={setRating} />
      <Button type="submit" block loading={createReview.isPending}>
        Submit Review
      </Button>
      <p role="status" className="text-sm text-emerald-800">
        {createReview.isSuccess ? MESSAGES.reviewAwaitingApproval : null}
      </p>
    </form>
  );
}
