// The parts of a list's filter form: its draft, a choice among values (or all of them), a range of days,
// and the Apply and Clear buttons.
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/form-field';

/**
 * A filter form's draft, applied together on submit: `set` merges a change into it, `submit` (the form's
 * onSubmit) applies it as `complete` makes it (trimmed, fields that exclude others emptied) unless a field refuses
 * its text (a date that is no day), `clear` empties it and applies that at once (every filter field is optional:
 * none is no filter). `clears` counts the clears: the key of fields that hold text of their own (DateRangeFields),
 * which a clear empties even when their value was none already (a half-typed date).
 */
export function useFilterDraft<Filter extends object>(
  filter: Filter,
  onApply: (next: Filter) => void,
  complete: (draft: Filter) => Filter = (draft) => draft,
) {
  const [draft, setDraft] = useState(filter);
  const [clears, setClears] = useState(0);
  const none = {} as Filter;
  return {
    draft,
    clears,
    set: (change: Partial<Filter>) => setDraft((current) => ({ ...current, ...change })),
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (event.currentTarget.checkValidity()) onApply(complete(draft));
    },
    clear: () => {
      setDraft(none);
      setClears((count) => count + 1);
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

/**
 * From and To as days typed DD/MM/YYYY (Pakistan days; date-field.tsx); with `bounded`, a To before From is
 * refused. Key it with useFilterDraft's `clears`.
 */
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
      <DateField
        label={labels[0]}
        pickerLabel="Choose the first day on a calendar"
        value={range.from}
        onChange={(from) => onChange({ from })}
      />
      <DateField
        label={labels[1]}
        pickerLabel="Choose the last day on a calendar"
        min={bounded ? range.from : undefined}
        minError="The end date cannot be before the start date"
        value={range.to}
        onChange={(to) => onChange({ to })}
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
