import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useToast } from '@/components/ui/toasts';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ApiError } from '@/lib/api-error';
import { fieldErrors } from '@/lib/field-errors';

type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A settings section's form over text inputs: `values` as typed (`field(name)` for a TextField), parsed on
 * submit (the first issue of each field under it), saved, then shown as the server saved them. A refusal naming a field (`fieldOf`) shows
 * under that field, any other as the form's failure.
 */
export function useSettingsForm<T, Values, Field extends string>({
  settings,
  valuesOf,
  parse,
  save,
  fieldOf,
}: {
  settings: T;
  valuesOf: (settings: T) => Values;
  parse: (values: Values) => Parsed<T>;
  save: UseMutationResult<{ settings: T; message: string }, Error, T>;
  fieldOf: (error: ApiError) => Field | undefined;
}) {
  const toast = useToast();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(parsed.data);
      setValues(valuesOf(answer.settings));
      toast.success(`✅ ${answer.message}`);
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error) : undefined;
      if (field && error instanceof ApiError) setErrors({ [field]: error.message } as Partial<Record<Field, string>>);
      else setFailure(adminFailure(error));
    }
  };

  /** A text field's value, error and change, to spread on its TextField. */
  const field = <Name extends Field & keyof Values>(name: Name) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value } as Partial<Values>),
  });

  return { values, set, field, errors, failure, submit, saving: save.isPending };
}

/** A number typed in a text input: NaN when empty, so the schema says it is missing rather than zero. */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
