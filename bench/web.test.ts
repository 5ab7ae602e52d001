import { describe, expect, it } from 'vitest';
import { mappedSegments, packageOf } from './web';

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
    expect(packageOf('../../../functions/src/shared/schemas.ts')).toBe('app');
  });
});
