import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dayText, readDayText } from '@/components/ui/date-field';
import { DateRangeFields, type DayRange, FilterActions, useFilterDraft } from '@/components/ui/filter-fields';

describe('readDayText', () => {
  it('reads a day written day-month-year, split by / - or ., or as 8 digits', () => {
    for (const text of ['28/11/2026', '28-11-2026', '28.11.2026', ' 28/11/2026 ', '28112026']) {
      expect(readDayText(text)).toEqual({ day: '2026-11-28' });
    }
    expect(readDayText('1/2/2026')).toEqual({ day: '2026-02-01' });
    expect(readDayText('01/2/2026')).toEqual({ day: '2026-02-01' });
  });

  it('reads nothing as no day', () => {
    expect(readDayText('')).toEqual({ day: undefined });
    expect(readDayText('  ')).toEqual({ day: undefined });
  });

  it('refuses another shape, saying the one it takes', () => {
    for (const text of ['2026-11-28', '28/11/26', '28/11', '28/11-2026', '28 11 2026', 'tomorrow', '1122026', '28/11/2026x']) {
      expect(readDayText(text)).toEqual({ error: 'Enter the date as DD/MM/YYYY, e.g. 28/11/2026' });
    }
  });

  it('refuses a day the calendar does not have, and counts leap years', () => {
    expect(readDayText('31/02/2026')).toEqual({ error: 'There is no 31/02/2026: check the day and the month' });
    expect(readDayText('31/4/2026')).toEqual({ error: 'There is no 31/04/2026: check the day and the month' });
    expect(readDayText('28/13/2026')).toEqual({ error: 'There is no 28/13/2026: check the day and the month' });
    expect(readDayText('00/11/2026')).toEqual({ error: 'There is no 00/11/2026: check the day and the month' });
    expect(readDayText('29/02/2028')).toEqual({ day: '2028-02-29' });
    expect(readDayText('29/02/2027')).toEqual({ error: 'There is no 29/02/2027: check the day and the month' });
    expect(readDayText('29/02/2000')).toEqual({ day: '2000-02-29' });
    expect(readDayText('31/12/1999')).toEqual({ error: 'Enter a date from 2000 on' });
  });
});

describe('dayText', () => {
  it('writes a day day-month-year, and none as nothing', () => {
    expect(dayText('2026-11-28')).toBe('28/11/2026');
    expect(dayText('2026-02-01')).toBe('01/02/2026');
    expect(dayText(undefined)).toBe('');
  });

  it('writes back what readDayText reads', () => {
    for (const day of ['2026-01-01', '2028-02-29', '2030-12-31']) expect(readDayText(dayText(day))).toEqual({ day });
  });
});

function Filters({ filter = {}, onApply }: { filter?: DayRange; onApply: (next: DayRange) => void }) {
  const { draft, clears, set, submit, clear } = useFilterDraft(filter, onApply);
  return (
    <form onSubmit={submit}>
      <DateRangeFields key={clears} range={draft} onChange={set} bounded />
      <FilterActions applyLabel="Apply" onClear={clear} />
    </form>
  );
}

function open(filter?: DayRange) {
  const onApply = vi.fn();
  const user = userEvent.setup();
  render(<Filters filter={filter} onApply={onApply} />);
  return { user, onApply, from: screen.getByLabelText('From'), to: screen.getByLabelText('To') };
}

describe('DateRangeFields', () => {
  it('shows the days DD/MM/YYYY and applies them as YYYY-MM-DD', async () => {
    const { user, onApply, from, to } = open({ from: '2026-11-01' });
    expect(from).toHaveValue('01/11/2026');
    expect(from).toHaveAttribute('inputmode', 'numeric');
    expect(from).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(to).toHaveValue('');
    await user.type(to, '3.12.2026');
    await user.tab();
    // Left, the text is written the one way.
    expect(to).toHaveValue('03/12/2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-12-03' });
    await user.clear(from);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith({ from: undefined, to: '2026-12-03' });
  });

  it('says what is wrong with an impossible date once the field is left, and applies nothing until it is right', async () => {
    const { user, onApply, from } = open();
    await user.type(from, '31/02/2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('There is no 31/02/2026: check the day and the month');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('There is no 31/02/2026: check the day and the month');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).not.toHaveBeenCalled();
    // A submit that skips the browser's check is refused too.
    fireEvent.submit(from.closest('form') as HTMLFormElement);
    expect(onApply).not.toHaveBeenCalled();

    await user.clear(from);
    await user.type(from, '28/02/2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(from).not.toHaveAttribute('aria-describedby');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith({ from: '2026-02-28' });
  });

  it('shows the error of a half-typed date when Apply is refused, without the field being left', async () => {
    const { user, onApply, to } = open();
    await user.type(to, '28/11{Enter}');
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the date as DD/MM/YYYY, e.g. 28/11/2026');
    expect(to).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a To before From', async () => {
    const { user, onApply, from, to } = open();
    await user.type(from, '10/11/2026');
    await user.type(to, '01/11/2026');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('The end date cannot be before the start date');
    expect(to).toHaveAccessibleDescription('The end date cannot be before the start date');
    expect(from).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).not.toHaveBeenCalled();
    // The same day is fine.
    await user.clear(to);
    await user.type(to, '10/11/2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith({ from: '2026-11-10', to: '2026-11-10' });
  });

  it('empties a half-typed date on Clear, though the filter had no date', async () => {
    const { user, onApply, from } = open();
    await user.type(from, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
  });

  it("opens the browser's calendar from the button, whose day is shown DD/MM/YYYY; without one, the text takes the focus", async () => {
    const { user, onApply, to } = open({ from: '2026-11-01' });
    const showPicker = vi.fn();
    HTMLInputElement.prototype.showPicker = showPicker;
    try {
      await user.click(screen.getByRole('button', { name: 'Choose the last day on a calendar' }));
      expect(showPicker).toHaveBeenCalledTimes(1);
      const picker = showPicker.mock.contexts[0] as HTMLInputElement;
      expect(picker).toHaveAttribute('type', 'date');
      expect(picker).toHaveAttribute('min', '2026-11-01');
      fireEvent.change(picker, { target: { value: '2026-11-28' } });
      expect(to).toHaveValue('28/11/2026');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(onApply).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-28' });
    } finally {
      Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
    }
    // jsdom, like an older Safari, has none.
    await user.click(screen.getByRole('button', { name: 'Choose the first day on a calendar' }));
    expect(screen.getByLabelText('From')).toHaveFocus();
  });
});
