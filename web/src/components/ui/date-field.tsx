// A day typed and read day-month-year (28/11/2026), as customers in Pakistan write it. A native
// <input type="date"> shows the browser's order instead (mm/dd/yyyy in an en-US Chrome), which a page cannot
// change (issue 32). The value stays the day as the filters and the URL hold it (YYYY-MM-DD); the native
// picker stays one tap away behind the calendar button, its input hidden.
import { isPakistanDay, type PakistanDay } from '@shared/pakistan-clock';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { controlClass, Field } from '@/components/ui/form-field';
import { OutlineIcon } from '@/components/ui/outline-icon';

/**
 * Day, month and year split by one of / - . (the day and month may be one digit), or the 8 digits alone: an
 * iPhone's numeric keypad has no "/".
 */
const DMY = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$|^(\d{2})(\d{2})(\d{4})$/;

const DAY_TEXT_FORMAT = 'DD/MM/YYYY';

/** What a field's text says: the day it names (none when it is empty), or why it names none. */
type DayTextReading = { day: PakistanDay | undefined; error?: undefined } | { day?: undefined; error: string };

/** Reads `text` as a day written day-month-year: "28/11/2026", "28-11-2026", "28.11.2026", "1/2/2026" or "28112026". */
export function readDayText(text: string): DayTextReading {
  const trimmed = text.trim();
  if (trimmed === '') return { day: undefined };
  const match = DMY.exec(trimmed);
  if (!match) return { error: `Enter the date as ${DAY_TEXT_FORMAT}, e.g. 28/11/2026` };
  const [d = '', m = '', y = ''] = match[1] ? [match[1], match[3], match[4]] : [match[5], match[6], match[7]];
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  if (isPakistanDay(day)) return { day };
  return { error: Number(y) < 2000 ? 'Enter a date from 2000 on' : `There is no ${dayText(day)}: check the day and the month` };
}

/** "28/11/2026" for the day 2026-11-28; empty for none. */
export function dayText(day: PakistanDay | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * A day typed as DD/MM/YYYY beside a calendar button (the browser's own picker). `onChange` hears each day the
 * text comes to name (undefined once it is emptied), never a half-typed or impossible one; such text, or a day
 * before `min`, makes the control invalid, so the form it is in does not submit, and the error shows under it once
 * the field is left or the form refused.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  minError = 'Choose a later day',
  pickerLabel = 'Choose on a calendar',
}: {
  label: ReactNode;
  value: PakistanDay | undefined;
  onChange: (day: PakistanDay | undefined) => void;
  min?: PakistanDay | undefined;
  minError?: string;
  /** The calendar button's name (not the label's words: a search by the label would find the button too). */
  pickerLabel?: string;
}) {
  const [text, setText] = useState(() => dayText(value));
  const [seen, setSeen] = useState(value);
  const [left, setLeft] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const reading = readDayText(text);
  // A new value from outside (a preset, the URL) replaces the text, unless the text already names it.
  if (value !== seen) {
    setSeen(value);
    if (reading.day !== value) setText(dayText(value));
  }
  const error = reading.error ?? (reading.day && min && reading.day < min ? minError : undefined);
  useEffect(() => input.current?.setCustomValidity(error ?? ''), [error]);

  const take = (next: string) => {
    setText(next);
    const read = readDayText(next);
    if (!read.error && read.day !== value) onChange(read.day);
  };
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // No picker here (an older Safari): typing it is.
      input.current?.focus();
    }
  };
  return (
    <Field label={label} error={left ? error : undefined}>
      {(links) => (
        <div className="relative flex gap-2">
          <input
            {...links}
            ref={input}
            type="text"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            placeholder={DAY_TEXT_FORMAT}
            className={`${controlClass} min-w-0 flex-1`}
            value={text}
            onChange={(event) => take(event.target.value)}
            onBlur={() => {
              setLeft(true);
              if (reading.day) setText(dayText(reading.day));
            }}
            onInvalid={() => setLeft(true)}
          />
          <button
            type="button"
            aria-label={pickerLabel}
            onClick={openPicker}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:size-10"
          >
            <OutlineIcon className="size-5">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M8 3v4M16 3v4M3 10h18" />
            </OutlineIcon>
          </button>
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="pointer-events-none absolute end-0 bottom-0 size-px opacity-0"
            value={value ?? ''}
            min={min}
            onChange={(event) => {
              setLeft(true);
              take(dayText(event.target.value || undefined));
            }}
          />
        </div>
      )}
    </Field>
  );
}
