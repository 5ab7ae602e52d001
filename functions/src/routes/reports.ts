// The admin's reports: figures for a range of Pakistan days, from the rollups (decision record 0011).
import { Router } from 'express';
import { parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { getReport } from '../services/reports/reports';
import { reportQuery } from '../shared/reports';

export const reportsRouter = Router();

reportsRouter.get('/admin/reports', ...adminOnly, async (req, res) => {
  res.json(await getReport(parseQuery(reportQuery, req)));
});
