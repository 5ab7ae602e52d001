// The parts of a list's filter form: its draft, a choice among values (or all of them), a range of days,
// and the Apply and Clear buttons.
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';

/**
 * A filter form's draft, applied together on submit: `set` merges a change into it, `submit` (the form's
 * onSubmit) applies it as `complete` makes it (trimmed, fields that exclude others emptied), `clear` empties it
 * and applies that at once (every filter field is optional: none is no filter).
 */
export function useFilterDraft<Filter extends object>(
  filter: Filter,
  onApply: (next: Filter) => void,
  complete: (draft: Filter) => Filter = (draft) => draft,
) {
  const [draft, setDraft] = useState(filter);
  const none = {} as Filter;
  return {
    draft,
    set: (change: Partial<Filter>) => setDraft((current) => ({ ...current, ...change })),
    submit: (event: FormEvent) => {
      event.preventDefault();
      onApply(complete(draft));
    },
    clear: () => {
      setDraft(none);
      onApply(none);
    },
  };
}

/** A select of `options` whose first choice, `all`, chooses none of them (no filter). */
export function ChoiceField<Value extends string>({
  all,
  options,
  labelOf = (value) => value,
  optionClassName,
  value,
  onChange,
  ...field
}: {
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  all: string;
  options: readonly Value[];
  /** An option's text; the value itself by default. */
  labelOf?: (value: Value) => ReactNode;
  optionClassName?: string;
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
}) {
  return (
    <SelectField {...field} value={value ?? ''} onChange={(event) => onChange((event.target.value || undefined) as Value | undefined)}>
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option} value={option} className={optionClassName}>
          {labelOf(option)}
        </option>
      ))}
    </SelectField>
  );
}

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** From and To as dates (Pakistan days); with `bounded`, To offers no day before From. */
export function DateRangeFields({
  range,
  onChange,
  labels = ['From', 'To'],
  bounded = false,
}: {
  range: DayRange;
  onChange: (change: DayRange) => void;
  labels?: readonly [string, string];
  bounded?: boolean;
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        type="date"
        value={range.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value || undefined })}
      />
      <TextField
        label={labels[1]}
        type="date"
        min={bounded ? range.from : undefined}
        value={range.to ?? ''}
        onChange={(event) => onChange({ to: event.target.value || undefined })}
      />
    </>
  );
}

/** A filter form's submit (`applyLabel`) and Clear, which empties the filter. */
export function FilterActions({
  applyLabel,
  onClear,
  className = 'flex gap-2',
}: {
  applyLabel: string;
  onClear: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant="secondary">
        {applyLabel}
      </Button>
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

/** A search form (the `search` landmark): its fields, then its submit (`submitLabel`), which calls `onSearch`. */
export function SearchForm({
  className,
  onSearch,
  submitLabel,
  children,
}: {
  className: string;
  onSearch: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <search>
      <form
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        {children}
        <Button type="submit" variant="secondary">
          {submitLabel}
        </Button>
      </form>
    </search>
  );
}
