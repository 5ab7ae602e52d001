// Imported first by main.tsx, before any schema is parsed. Zod compiles object parsers with
// `new Function` when it may, and finds out by trying once; the site's Content-Security-Policy refuses
// eval, so that try is a reported policy violation on every page. Jitless, it never tries.
import { z } from 'zod';

z.config({ jitless: true });
