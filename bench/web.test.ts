import { describe, expect, it } from 'vitest';
import { lighthouseMetrics, mappedSegments, medianRun, packageOf, routesLoading } from './web';

describe("the order page's breakdown by package", () => {
  it('decodes source map segments: columns and sources relative, lines by semicolon', () => {
    // AAAA: column 0 of source 0; ICAA: 4 columns on, the next source; DDAA: 1 back, the source before.
    expect(mappedSegments('AAAA,ICAA;AAAA,DDAA')).toEqual([
      { line: 0, column: 0, source: 0 },
      { line: 0, column: 4, source: 1 },
      { line: 1, column: 0, source: 1 },
      { line: 1, column: -1, source: 0 },
    ]);
    // A segment of one field maps to no source; multi-digit values continue with the 32 bit.
    expect(mappedSegments('gBAAA,E')).toEqual([
      { line: 0, column: 16, source: 0 },
      { line: 0, column: 18, source: -1 },
    ]);
  });

  it('names the package of a path, scoped or not, and our own code app', () => {
    expect(packageOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(packageOf('../../../node_modules/@tanstack/query-core/build/modern/query.js')).toBe('@tanstack/query-core');
    expect(packageOf('../../src/app/router.tsx')).toBe('app');
    expect(packageOf('../../../functions/src/shared/schemas/orders.ts')).toBe('app');
  });
});

describe('which screens load a file', () => {
  it('counts a route whose chunk or its static imports hold the file, not one that imports it dynamically', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_chart-lib.js': { file: 'assets/chart-lib.js' },
      'src/app/routes/admin/reports.tsx': { file: 'assets/admin-reports.js', imports: ['index.html'] },
      'src/features/admin/reports/components/report-charts.tsx': { file: 'assets/admin-report-charts.js', imports: ['_chart-lib.js'] },
      'src/app/routes/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['index.html', '_chart-lib.js'] },
    };
    expect(routesLoading(manifest, new Set(['assets/chart-lib.js']))).toEqual(['src/app/routes/dashboard.tsx']);
    expect(routesLoading(manifest, new Set(['assets/admin-report-charts.js']))).toEqual([]);
    expect(routesLoading(manifest, new Set(['assets/react.js']))).toEqual([
      'src/app/routes/admin/reports.tsx',
      'src/app/routes/dashboard.tsx',
    ]);
  });
});

describe('lighthouseMetrics', () => {
  it('reports every script the load downloaded, lazy ones included, and nothing else', () => {
    const lhr = {
      audits: {
        'network-requests': {
          details: {
            items: [
              { resourceType: 'Document', transferSize: 4096 },
              { resourceType: 'Script', transferSize: 2048 },
              { resourceType: 'Script', transferSize: 1024 },
              { resourceType: 'Stylesheet', transferSize: 8192 },
            ],
          },
        },
      },
    };
    const figure = lighthouseMetrics(lhr, '/order').find((f) => f.name === 'Lighthouse JavaScript downloaded, /order');
    expect(figure).toMatchObject({ value: 3, unit: 'KB', note: '2 files, lazy ones included' });
  });
});

describe('medianRun', () => {
  const run = (score: number) => ({ categories: { performance: { score: score / 100 } }, id: score });

  it('picks the run with the median performance score, whatever their order', () => {
    expect(medianRun([run(94), run(98), run(99), run(95), run(96)]).id).toBe(96);
    expect(medianRun([run(99), run(90), run(97)]).id).toBe(97);
  });

  it('takes the lower middle run of an even count, and refuses none', () => {
    expect(medianRun([run(98), run(92), run(96), run(94)]).id).toBe(94);
    expect(() => medianRun([])).toThrow();
  });
});
