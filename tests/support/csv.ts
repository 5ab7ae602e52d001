// A small RFC 4180 reader for tests: what a spreadsheet makes of a CSV file (quoted fields with doubled
// quotes, commas and line breaks inside quotes, CRLF records). It strips the BOM after checking it.

export function parseCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('The CSV does not start with a UTF-8 BOM');
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`A quote inside an unquoted field at ${i}`);
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n' || c === '\r') {
      throw new Error(`A bare line break outside quotes at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error('An unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('The last record does not end with CRLF');
  return rows;
}

/** The rows as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('An empty CSV: no header');
  return rows.map((row) => {
    if (row.length !== header.length) throw new Error(`A row of ${row.length} fields under a header of ${header.length}`);
    return Object.fromEntries(header.map((name, i) => [name, row[i] as string]));
  });
}

/** A response's body as sent, BOM included (Response.text() drops it). */
export const bodyText = async (res: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
