import { describe, expect, it } from 'vitest';
import { rangeOf, readReportSearch, writeReportSearch } from '@/features/admin/reports/hooks/use-report-search';

const read = (query: string) => readReportSearch(new URLSearchParams(query));

describe("the report's choice in the URL", () => {
  it('reads back what it wrote: a preset, or a custom range with its days, and the granularity', () => {
    for (const search of [
      { preset: '30d', granularity: 'week' },
      { preset: 'custom', from: '2026-10-01', to: '2026-10-31', granularity: 'month' },
      { preset: 'last-month', granularity: 'day' },
    ] as const) {
      expect(readReportSearch(writeReportSearch(search))).toEqual(search);
    }
    expect(writeReportSearch({ preset: 'custom', from: '2026-10-01', to: '2026-10-31', granularity: 'day' }).toString()).toBe(
      'range=custom&from=2026-10-01&to=2026-10-31&granularity=day',
    );
  });

  it('falls back to 7 days by day for a URL it cannot read, and keeps no days for a preset', () => {
    expect(read('')).toEqual({ preset: '7d', granularity: 'day' });
    expect(read('range=year&granularity=hour')).toEqual({ preset: '7d', granularity: 'day' });
    expect(read('range=today&from=2026-01-01&to=2026-01-02')).toEqual({ preset: 'today', granularity: 'day' });
    expect(read('range=custom&from=2026-02-30&to=soon')).toEqual({ preset: 'custom', from: undefined, to: undefined, granularity: 'day' });
  });

  it("gives a preset's days from today, a custom range's as written, and nothing while a custom day is missing", () => {
    expect(rangeOf(read('range=7d'), '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(rangeOf(read('range=custom&from=2026-11-10&to=2026-11-01'), '2026-11-24')).toEqual({ from: '2026-11-10', to: '2026-11-01' });
    expect(rangeOf(read('range=custom&from=2026-11-10'), '2026-11-24')).toBeNull();
  });
});
