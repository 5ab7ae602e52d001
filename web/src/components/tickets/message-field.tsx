// A ticket message box with a live character count against the shared limit (the server counts the
// same way: zod's max on the trimmed text). No maxLength: a paste over the limit is shown, not cut.

import { formatNumber } from '@shared/numbers';
import { TICKET_LIMITS } from '@shared/tickets';
import type { Ref, TextareaHTMLAttributes } from 'react';
import { TextAreaField } from '@/components/ui/form-field';

export function messageCount(value: string): string {
  return `${formatNumber(value.trim().length)} / ${formatNumber(TICKET_LIMITS.message)} characters`;
}

export function MessageField({
  label,
  value,
  onValueChange,
  error,
  ref,
  ...rest
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>) {
  const over = value.trim().length > TICKET_LIMITS.message;
  // The count stays in view with an error too (the field's hint would give way to it).
  return (
    <div className="space-y-1">
      <TextAreaField
        label={label}
        rows={5}
        value={value}
        ref={ref}
        onChange={(event) => onValueChange(event.target.value)}
        error={error}
        {...rest}
      />
      <p className={`text-end text-xs tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-600'}`}>{messageCount(value)}</p>
    </div>
  );
}
