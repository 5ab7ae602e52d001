// A rating as five stars: the About page's reviews and the admin's review queue show it alike.

export function Star({ filled, className }: { filled: boolean; className: string }) {
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
