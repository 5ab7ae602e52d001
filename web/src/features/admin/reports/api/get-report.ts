import { type ReportQuery, reportSchema } from '@shared/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminReportKey = ['admin', 'report'] as const;

export function getReport(query: ReportQuery, signal?: AbortSignal) {
  return api.get('/admin/reports', reportSchema, { params: { ...query }, signal });
}

/** The figures of a range (null: a custom range still missing a day, nothing asked). */
export function useReport(query: ReportQuery | null) {
  return useQuery({
    queryKey: [...adminReportKey, query],
    queryFn: ({ signal }) => getReport(query as ReportQuery, signal),
    enabled: query !== null,
    // The last report stays on screen while the next range loads (no blank flash between presets).
    placeholderData: keepPreviousData,
  });
}
