// Calendar days in Pakistan (pakistan-clock.ts, without zod) and the schema of a day as the API takes it.
import { z } from 'zod/mini';
import { isPakistanDay } from './pakistan-clock';

export * from './pakistan-clock';

export const pakistanDaySchema = z.string().check(z.refine(isPakistanDay, 'Enter a date as YYYY-MM-DD'));
