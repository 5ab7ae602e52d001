export function Spinner({ className = 'size-6', label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <svg className={`animate-spin motion-reduce:animate-none ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      {label ? <span>{label}</span> : null}
    </span>
  );
}

/** A full-area loading state that keeps its height, so content arriving does not shift the page. */
export function LoadingBlock({ label = 'Loading...', className = 'min-h-48' }: { label?: string; className?: string }) {
  return (
    <div className={`flex items-center justify-center text-slate-600 ${className}`}>
      <Spinner label={label} />
    </div>
  );
}
