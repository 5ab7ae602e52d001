import type { ExportKind } from '@shared/reports';
import type { DayRange } from '@/lib/day-ranges';
import { apiDownload, saveBlob } from '@/lib/download';

/** `orders-2026-11-01-to-2026-11-30.csv`: what it holds and for which days. */
export const exportFilename = (kind: ExportKind, range: DayRange) => `${kind}-${range.from}-to-${range.to}.csv`;

/** Fetches an export of the range with the admin's token and saves it as a file. */
export async function downloadExport(kind: ExportKind, range: DayRange): Promise<void> {
  const { blob, filename } = await apiDownload(`/admin/exports/${kind}.csv`, { params: { from: range.from, to: range.to } });
  saveBlob(blob, filename ?? exportFilename(kind, range));
}
