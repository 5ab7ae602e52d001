// The report's choice: a range preset (or two Pakistan days), and the granularity of its series.
// Every change goes straight to the URL (use-report-search.ts); the page reads it back from there.
import { REPORT_GRANULARITIES, type ReportGranularity } from '@shared/reports';
import { DateRangeFields } from '@/components/ui/filter-fields';
import { SelectField } from '@/components/ui/form-field';
import type { ReportSearch } from '@/features/admin/reports/hooks/use-report-search';
import { type DayRange, RANGE_LABELS, RANGE_PRESETS, type RangePreset } from '@/lib/day-ranges';

const GRANULARITY_LABELS: Record<ReportGranularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

export function ReportControls({
  search,
  range,
  onChange,
}: {
  search: ReportSearch;
  /** The days shown now: Custom starts from them. */
  range: DayRange | null;
  onChange: (next: ReportSearch) => void;
}) {
  const choosePreset = (preset: RangePreset) =>
    onChange(preset === 'custom' ? { ...search, preset, from: range?.from, to: range?.to } : { preset, granularity: search.granularity });
  return (
    <search>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={(event) => event.preventDefault()}>
        <SelectField label="Range" value={search.preset} onChange={(event) => choosePreset(event.target.value as RangePreset)}>
          {RANGE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {RANGE_LABELS[preset]}
            </option>
          ))}
        </SelectField>
        {search.preset === 'custom' ? <DateRangeFields range={search} onChange={(change) => onChange({ ...search, ...change })} /> : null}
        <SelectField
          label="Show by"
          value={search.granularity}
          onChange={(event) => onChange({ ...search, granularity: event.target.value as ReportGranularity })}
        >
          {REPORT_GRANULARITIES.map((granularity) => (
            <option key={granularity} value={granularity}>
              {GRANULARITY_LABELS[granularity]}
            </option>
          ))}
        </SelectField>
      </form>
    </search>
  );
}
