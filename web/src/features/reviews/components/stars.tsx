import { Star } from '@/components/ui/stars';

/** A clickable (and keyboard-operable) 5-star rating picker: a radio group. */
export function StarPicker({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">Rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label
            key={rating}
            className="cursor-pointer rounded-lg p-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="rating"
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="sr-only"
              aria-label={`${rating} star${rating > 1 ? 's' : ''}`}
            />
            <Star filled={rating <= value} className="size-8 transition-transform hover:scale-110 motion-reduce:transition-none" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
