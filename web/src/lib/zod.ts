// The web app's `zod`: vite.config.ts points the bare `zod` import here, for our code and the shared
// schemas alike. Zod compiles object parsers with `new Function` when it may, and finds out by trying
// once, when the first object schema is built; the site's Content-Security-Policy refuses eval, so that
// try is a reported policy violation on every page. Jitless, it never tries. Every importer's code runs
// after this module's (ES module order, which holds across chunks), so no schema is built before.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
