// The web app's `zod/mini`: vite.config.ts points `zod/mini` here, for our code and the shared schemas
// alike. Classic zod compiles object parsers with `new Function` when it may, and finds out by trying
// once, when the first object schema is built; the site's Content-Security-Policy refuses eval, so that
// try is a reported policy violation on every page. Mini's objects do not compile today, but the switch is
// zod's (global, shared by both APIs), so it is set jitless here before any schema is built: every
// importer's code runs after this module's (ES module order, which holds across chunks).
import { z } from 'zod/v4/mini';

z.config({ jitless: true });

export * from 'zod/v4/mini';
export { z };
