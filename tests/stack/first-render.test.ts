// What the app's first render waits for (issue 16), read from the built app's Vite manifest as the
// browser gets it: the entry's own code, and the chunks it imports statically (each one more request
// before anything paints, on a phone's slow link).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeFiles } from '../../bench/web';
import { ROOT } from '../../scripts/lib/emulators';

const manifest = JSON.parse(readFileSync(join(ROOT, 'web', 'dist', '.vite', 'manifest.json'), 'utf8'));

describe("the app's first render", () => {
  it('loads the entry and at most one chunk beside it, not one per module a screen shares with the entry', () => {
    const { js } = routeFiles(manifest, null);
    expect(js.size, `the entry and its static imports: ${[...js].join(', ')}`).toBeLessThanOrEqual(2);
  });
});
