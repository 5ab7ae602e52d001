import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../tests/support/csv';
import { CSV_BOM, csvCell, csvLine, rupees } from './csv';

describe('csv cells', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell('')).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a field with a ; (Excel splits on it where the list separator is ;), so no part of it starts a cell', () => {
    expect(csvCell('b;=1+1')).toBe('"b;=1+1"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
    expect(csvLine(['x', 'b;=1+1', 3])).toBe('x,"b;=1+1",3\r\n');
  });

  it("prefixes text that a spreadsheet would run as a formula with '", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+92 300')).toBe("'+92 300");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes our own figures as numbers: rupees with 2 decimals, negative ones unprefixed', () => {
    expect(csvCell(rupees(123_450))).toBe('1234.50');
    expect(csvCell(rupees(-5))).toBe('-0.05');
    expect(csvCell(rupees(-100_000))).toBe('-1000.00');
    expect(csvCell(rupees(0))).toBe('0.00');
    expect(csvCell(-3)).toBe('-3');
    expect(() => rupees(1.5)).toThrow(RangeError);
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });

  it('ends each record with CRLF', () => {
    expect(csvLine(['a', 1, rupees(-250), 'b,c'])).toBe('a,1,-2.50,"b,c"\r\n');
  });

  it('reads back as the same text, guarded, whatever the text (Urdu, quotes, line breaks)', () => {
    const guarded = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('عائشہ, "خان"', '=1+2', '-', '\r\n')), {
            minLength: 1,
            maxLength: 6,
          }),
        ),
        (rows) => {
          const text = CSV_BOM + rows.map(csvLine).join('');
          expect(parseCsv(text)).toEqual(rows.map((row) => row.map(guarded)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('amounts read back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (paisa) => {
        expect(Math.round(Number(csvCell(rupees(paisa))) * 100)).toBe(paisa);
      }),
    );
  });
});
