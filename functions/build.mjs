// Bundles the function and the shared code it imports into lib/index.js, so `firebase deploy`
// uploads one self-contained file; npm packages stay external and are installed from package.json.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
});
