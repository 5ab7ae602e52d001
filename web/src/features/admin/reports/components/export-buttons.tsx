// The range's exports (orders, ledger, top-ups) as CSV files: fetched with the admin's token (a link
// would not send it) and saved under a name that says what and which days.
import { EXPORT_KINDS, type ExportKind } from '@shared/reports';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { downloadExport } from '@/features/admin/reports/api/download-export';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import type { DayRange } from '@/lib/day-ranges';

const EXPORT_LABELS: Record<ExportKind, string> = { orders: 'Orders CSV', ledger: 'Ledger CSV', 'top-ups': 'Top-ups CSV' };

export function ExportButtons({ range }: { range: DayRange | null }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: ExportKind) => {
    if (!range) return;
    setBusy(kind);
    setError(null);
    try {
      await downloadExport(kind, range);
    } catch (failure) {
      setError(adminFailure(failure, `❌ The ${EXPORT_LABELS[kind]} could not be downloaded. Check the connection and try again.`));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-2">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Export the range</legend>
        {EXPORT_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            size="sm"
            loading={busy === kind}
            disabled={!range || (busy !== null && busy !== kind)}
            onClick={() => void download(kind)}
          >
            {EXPORT_LABELS[kind]}
          </Button>
        ))}
      </fieldset>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
