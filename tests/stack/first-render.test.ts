// What the app's first render waits for (decision record 0014), read from the built app's Vite manifest as
// the browser gets it: the entry's own code, and the chunks it imports statically (each one more request
// before anything paints, on a phone's slow link).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeFiles } from '../../bench/web';
import { ROOT } from '../../scripts/lib/emulators';

const DIST = join(ROOT, 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
const firstRender = routeFiles(manifest, null).js;

/** The source files (from the source maps) the first render's code is built from. */
const sourcesOfFirstRender = () =>
  [...firstRender].flatMap((file) => (JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8')) as { sources: string[] }).sources);

describe("the app's first render", () => {
  it('loads the entry and at most one chunk beside it, not one per module a screen shares with the entry', () => {
    expect(firstRender.size, `the entry and its static imports: ${[...firstRender].join(', ')}`).toBeLessThanOrEqual(2);
  });

  it('holds neither zod nor the API client nor the shared schemas: the header and the first frame parse no answer', () => {
    // Each comes with the screen or the count that asks the API, after the first paint.
    const parsing = sourcesOfFirstRender().filter((source) => /node_modules\/zod\/|shared\/schemas\.ts$|lib\/api-client\.ts$/.test(source));
    expect(parsing).toEqual([]);
  });
});

describe("the landing page's prices", () => {
  it('build the answers they read, not every schema of the app (shared/schemas.ts)', () => {
    // Their chunk comes after the landing page's first paint; building all ~180 schemas there was ~30 ms of a
    // phone's main thread (its blocking time, in Lighthouse's score). The catalogue and an error's body are
    // in shared/answers.ts.
    const prices = routeFiles(manifest, 'src/features/home/components/priced-service-cards.tsx').js;
    const sources = [...prices].flatMap(
      (file) => (JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8')) as { sources: string[] }).sources,
    );
    expect(sources.filter((source) => source.endsWith('shared/answers.ts'))).toHaveLength(1);
    expect(sources.filter((source) => source.endsWith('shared/schemas.ts'))).toEqual([]);
  });
});
