import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const control =
  'block w-full rounded-xl border-0 bg-white px-3 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-slate-100 aria-invalid:ring-red-600 sm:text-sm';

interface FieldChrome {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
}

function Chrome({ id, label, error, hint, hideLabel, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export function TextField({
  label,
  error,
  hint,
  hideLabel,
  className = '',
  ref,
  ...rest
}: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <Chrome id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <input
        id={id}
        ref={ref}
        className={`${control} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </Chrome>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  hideLabel,
  className = '',
  ref,
  ...rest
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <Chrome id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <textarea
        id={id}
        ref={ref}
        rows={4}
        className={`${control} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </Chrome>
  );
}

export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  className = '',
  ref,
  children,
  ...rest
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <Chrome id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <select
        id={id}
        ref={ref}
        className={`${control} pr-8 ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      >
        {children}
      </select>
    </Chrome>
  );
}

/** A form-level message (server answer) announced to screen readers. */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const tones = {
    error: 'bg-red-50 text-red-800 ring-red-200',
    success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    info: 'bg-brand-50 text-brand-800 ring-brand-100',
  } as const;
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl px-3 py-2 text-sm font-medium ring-1 ${tones[tone]}`}>
      {children}
    </p>
  );
}
