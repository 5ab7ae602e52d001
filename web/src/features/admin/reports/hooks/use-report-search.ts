// The report's choice (range preset, custom days, granularity) lives in the URL's search params: a
// report is a link to share, and it survives a reload. Anything the URL holds that is not a choice the
// page offers falls back to the default (7 days by day), never to an error.
import { REPORT_GRANULARITIES, type ReportGranularity } from '@shared/reports';
import { useSearchParams } from 'react-router-dom';
import { type DayRange, dayParam, presetRange, RANGE_PRESETS, type RangePreset } from '@/lib/day-ranges';

export interface ReportSearch {
  preset: RangePreset;
  /** The custom range's days (either may be missing while the admin picks them). */
  from?: string | undefined;
  to?: string | undefined;
  granularity: ReportGranularity;
}

export const DEFAULT_REPORT_SEARCH: ReportSearch = { preset: '7d', granularity: 'day' };

export function readReportSearch(params: URLSearchParams): ReportSearch {
  const range = params.get('range');
  const granularity = params.get('granularity');
  const preset = RANGE_PRESETS.includes(range as RangePreset) ? (range as RangePreset) : DEFAULT_REPORT_SEARCH.preset;
  return {
    preset,
    ...(preset === 'custom' ? { from: dayParam(params.get('from')), to: dayParam(params.get('to')) } : {}),
    granularity: REPORT_GRANULARITIES.includes(granularity as ReportGranularity)
      ? (granularity as ReportGranularity)
      : DEFAULT_REPORT_SEARCH.granularity,
  };
}

export function writeReportSearch(search: ReportSearch): URLSearchParams {
  const params = new URLSearchParams({ range: search.preset });
  if (search.preset === 'custom') {
    if (search.from) params.set('from', search.from);
    if (search.to) params.set('to', search.to);
  }
  params.set('granularity', search.granularity);
  return params;
}

/** The days the report covers, or null for a custom range still missing a day. Not checked: the server says why a range is refused. */
export function rangeOf(search: ReportSearch, today: string): DayRange | null {
  if (search.preset !== 'custom') return presetRange(search.preset, today);
  return search.from && search.to ? { from: search.from, to: search.to } : null;
}

export function useReportSearch() {
  const [params, setParams] = useSearchParams();
  const search = readReportSearch(params);
  const setSearch = (next: ReportSearch) => setParams(writeReportSearch(next), { replace: true });
  return [search, setSearch] as const;
}
