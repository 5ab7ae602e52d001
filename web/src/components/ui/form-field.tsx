import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

export const controlClass =
  'block w-full rounded-xl border-0 bg-white px-3 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-slate-100 aria-invalid:ring-red-600 sm:text-sm';

interface FieldChrome {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
}

/** What ties a control to its label, hint and error. */
interface ControlLinks {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/** A field's chrome around its control: the label above, then the hint, or the error in its place. */
export function Field({ label, error, hint, hideLabel, children }: FieldChrome & { children: (links: ControlLinks) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, hint) })}
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

/** A field's props split: those of its chrome, and those of its control. */
function fieldParts<P extends FieldChrome>({ label, error, hint, hideLabel, ...control }: P) {
  return [{ label, error, hint, hideLabel }, control] as const;
}

export function TextField({
  className = '',
  ref,
  ...props
}: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const [chrome, rest] = fieldParts(props);
  return <Field {...chrome}>{(links) => <input ref={ref} className={`${controlClass} ${className}`} {...links} {...rest} />}</Field>;
}

export function TextAreaField({
  className = '',
  ref,
  ...props
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const [chrome, rest] = fieldParts(props);
  return (
    // What people write here reads in its own direction (an Urdu message right to left) unless a field says otherwise.
    <Field {...chrome}>
      {(links) => <textarea ref={ref} rows={4} dir="auto" className={`${controlClass} ${className}`} {...links} {...rest} />}
    </Field>
  );
}

export function SelectField({
  className = '',
  ref,
  ...props
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const [chrome, rest] = fieldParts(props);
  return <Field {...chrome}>{(links) => <select ref={ref} className={`${controlClass} pe-8 ${className}`} {...links} {...rest} />}</Field>;
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
