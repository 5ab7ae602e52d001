import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { adminExport, auditExport } from '../services/reports/csv-exports';
import { EXPORT_KINDS, exportQuery } from '../shared/reports';
import { sendCsv } from './send-csv';

export const exportsRouter = Router();

// GET /api/admin/exports/{orders|ledger|top-ups}.csv?from=&to= (Pakistan days, both included), streamed.
for (const kind of EXPORT_KINDS) {
  exportsRouter.get(`/admin/exports/${kind}.csv`, ...adminOnly, async (req, res) => {
    const range = parseQuery(exportQuery, req);
    // Counted first: an export refused as too large never starts, and leaves no audit entry.
    const csv = await adminExport(kind, range);
    await auditExport(identityOf(req), kind, range);
    await sendCsv(res, csv);
  });
}
