function Star({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} ${filled ? 'text-amber-500' : 'text-slate-300'}`}
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

/** Five stars, filled up to `rating`. */
export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((value) => (
        <Star key={value} filled={value <= rating} className={className} />
      ))}
    </span>
  );
}

/** A clickable (and keyboard-operable) 5-star rating picker: a radio group. */
export function StarPicker({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">Rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label
            key={rating}
            className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
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
