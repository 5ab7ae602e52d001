// multipart/form-data bodies as API v2 clients send them (JS FormData; PHP curl given an array for
// CURLOPT_POSTFIELDS): text fields only. The body is read whole within the API's body limit by
// express.raw and split here; a part that carries a file is skipped (the API takes no files), a body
// that is not well-formed multipart is refused like any unparseable body. A dependency (busboy) would
// stream files we do not want; the fields API v2 reads are a handful of short strings.
import express, { type NextFunction, type Request, type Response } from 'express';

/** More fields than any API v2 request has; bounds the work one body can cause. */
export const MAX_MULTIPART_FIELDS = 100;

/** An error the body parsers' error handlers already know: unparseable body. */
const malformed = () => Object.assign(new Error('Malformed multipart body'), { type: 'entity.parse.failed', status: 400 });

/** `boundary=...` of a multipart Content-Type (RFC 2046: 1 to 70 characters, may be quoted). */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * The text fields of a multipart body, as the urlencoded parser gives them: a name sent twice has an
 * array (which API v2 then refuses, as it does a repeated form field). null when the body is malformed.
 */
export function parseMultipartFields(body: Buffer, contentType: string): Record<string, string | string[]> | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  // latin1 keeps every byte as one character, so the split works on bytes; values are decoded as UTF-8.
  const parts = `\r\n${body.toString('latin1')}`.split(`\r\n--${boundary}`);
  parts.shift(); // the preamble
  const fields: Record<string, string | string[]> = Object.create(null);
  let count = 0;
  for (const part of parts) {
    if (part.startsWith('--')) return fields; // the close delimiter: anything after it is an epilogue
    // After the delimiter: optional whitespace (transport padding), CRLF, the part's headers, a blank line.
    const start = /^[ \t]*\r\n/.exec(part);
    const headersEnd = part.indexOf('\r\n\r\n', start ? start[0].length - 2 : 0);
    if (!start || headersEnd < 0) return null;
    const headers = part.slice(start[0].length, headersEnd + 2);
    const disposition = /^content-disposition:[ \t]*form-data(.*)$/im.exec(headers)?.[1] ?? null;
    const name = disposition === null ? null : /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined || name === null) return null;
    if (/;\s*filename\*?=/i.test(disposition ?? '')) continue;
    if (++count > MAX_MULTIPART_FIELDS) return null;
    const value = Buffer.from(part.slice(headersEnd + 4), 'latin1').toString('utf8');
    const decodedName = Buffer.from(name, 'latin1').toString('utf8');
    const previous = fields[decodedName];
    fields[decodedName] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  // No close delimiter: the body was cut short.
  return null;
}

/** Parses a multipart/form-data body into req.body (other bodies are left to the other parsers). */
export function multipartFields(options: { limit: number }) {
  const raw = express.raw({ type: 'multipart/form-data', limit: options.limit });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    raw(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      const fields = Buffer.isBuffer(body) ? parseMultipartFields(body, req.get('content-type') ?? '') : null;
      if (!fields) return next(malformed());
      req.body = fields;
      next();
    });
  };
}
