// Streams a CSV export as its pages are read: the first page is read before the status is sent (so a
// failure there is an ordinary error answer), then each page is written as one chunk. Backpressure: a
// write the socket did not take waits for 'drain' before the next page is read, so a slow download holds
// one page in memory, not the range. A client that went away stops the reading.
import type { Response } from 'express';
import { CSV_BOM, csvLine } from '../lib/csv';
import { logger } from '../lib/logger';
import type { CsvExport } from '../services/reports/csv-exports';

/** The response closed before it ended: the client went away (or the platform cut it). */
const gone = (res: Response) => res.destroyed || (res.writableEnded === false && res.closed);

/** Resolves once the socket took what was written, or the response closed (a 'drain' that will never come). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    // Closed already: its 'close' was emitted and will not be again.
    if (res.destroyed || res.closed) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export async function sendCsv(res: Response, csv: CsvExport): Promise<void> {
  // `res` 'close', not `req` 'close': since Node 16 a request emits 'close' once its body was read,
  // which for a GET is at once; the response's 'close' is the connection's end.
  const pages = csv.pages[Symbol.asyncIterator]();
  let next = await pages.next();
  res.status(200);
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${csv.filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  let chunk = CSV_BOM + csvLine(csv.header);
  try {
    for (;;) {
      if (!next.done) chunk += next.value.map(csvLine).join('');
      if (gone(res)) break;
      if (!res.write(chunk)) await drained(res);
      if (next.done || gone(res)) break;
      chunk = '';
      next = await pages.next();
    }
  } catch (error) {
    // The status and part of the file are sent: the only honest end is a broken download, not a short file.
    logger.error('CSV export failed while streaming', {
      file: csv.filename,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    res.destroy();
    return;
  } finally {
    if (gone(res)) await pages.return?.(undefined);
  }
  res.end();
}
