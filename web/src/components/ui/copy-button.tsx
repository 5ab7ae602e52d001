import { useEffect, useState } from 'react';

/** Copies `value` to the clipboard and says so for a moment. */
export function CopyButton({ value, label, className = '' }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
        } catch {
          setCopied(false);
        }
      }}
      className={`rounded-lg px-2.5 py-1.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100 ring-inset hover:bg-brand-50 ${className}`}
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** A value to copy (an address, a key) as code, its Copy button beside it; the box's look is the caller's. */
export function CopyableCode({
  value,
  label,
  testId,
  as: Box = 'div',
  className = '',
}: {
  value: string;
  label: string;
  testId: string;
  as?: 'div' | 'dd';
  className?: string;
}) {
  return (
    <Box className={`flex items-center justify-between gap-3 ${className}`}>
      <code className="min-w-0 font-mono text-sm break-all text-slate-900" data-testid={testId}>
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </Box>
  );
}
