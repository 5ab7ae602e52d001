// CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break quoted, quotes doubled,
// CRLF line ends, and the file opened by a UTF-8 BOM so Excel reads Urdu names as UTF-8, not ANSI. A field
// with a `;` is quoted too: Excel where the list separator is `;` (much of Europe) splits an unquoted
// `b;=1+1` there, and would run the `=1+1` it made a cell of its own.
//
// Formula injection: a spreadsheet runs a cell that starts with = + - @ (or TAB/CR, which some strip
// first) as a formula, so text that came from a customer or a provider (a name, a link, a reason) gets a
// leading ' there. Figures we generate ourselves are written as they are (`rupees`, numbers), so a
// negative amount still reads as a number.
import type { Paisa } from '../shared/money';

/** Starts the file: Excel takes a file without it for the machine's ANSI code page. */
export const CSV_BOM = '\uFEFF';

/** A cell we generate (a figure): written as it is, never quoted or prefixed. */
export class CsvFigure {
  constructor(readonly text: string) {}
}

/** One cell: text from anyone is guarded and quoted as needed; numbers and figures are ours. */
export type CsvCell = string | number | CsvFigure | null | undefined;

/** Rupees with 2 decimals from integer paisa, exactly (no float): -1234.5 rupees is "-1234.50". */
export function rupees(paisa: Paisa): CsvFigure {
  if (!Number.isSafeInteger(paisa)) throw new RangeError(`Not an integer paisa amount: ${paisa}`);
  const abs = Math.abs(paisa);
  return new CsvFigure(`${paisa < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof CsvFigure) return cell.text;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`Not a number for a CSV cell: ${cell}`);
    return String(cell);
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;
