// multipart/form-data bodies as API v2 clients send them (JS FormData; PHP curl given an array for
// CURLOPT_POSTFIELDS): text fields only, parsed by busboy. The body is read whole within the API's body
// limit by express.raw (from the request stream: the host's own parsers never see it, lib/host-body.ts)
// and handed to busboy with limits: at most MAX_MULTIPART_FIELDS fields, none longer than the body limit,
// and no file bytes (a file part is skipped, as the API takes no files). A body that is not well-formed
// multipart is refused like any unparseable body.
import { MIMEType } from 'node:util';
import busboy from 'busboy';
import express, { type NextFunction, type Request, type Response } from 'express';
import { config } from '../lib/config';

/** More fields than any API v2 request has; bounds the work one body can cause. */
export const MAX_MULTIPART_FIELDS = 100;

export type MultipartFields = Record<string, string | string[]>;

/** An error the body parsers' error handlers already know: unparseable body. */
const malformed = () => Object.assign(new Error('Malformed multipart body'), { type: 'entity.parse.failed', status: 400 });

/**
 * How many parts the body has: its delimiters before the close delimiter. busboy skips a part without a
 * `Content-Disposition: form-data` silently; a part that is neither a field nor a file is refused, so the
 * parts busboy reported are compared with this count.
 */
function partCount(body: Buffer, boundary: string): number {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const text = Buffer.concat([Buffer.from('\r\n'), body]);
  let count = 0;
  for (let at = text.indexOf(delimiter); at >= 0; at = text.indexOf(delimiter, at + delimiter.length)) {
    const end = at + delimiter.length;
    if (text[end] === 0x2d && text[end + 1] === 0x2d) return count; // "--": the close delimiter
    count++;
  }
  return count;
}

function boundaryOf(contentType: string): string | null {
  try {
    return new MIMEType(contentType).params.get('boundary');
  } catch {
    return null;
  }
}

/**
 * The text fields of a multipart body, as the urlencoded parser gives them: a name sent twice has an
 * array (which API v2 then refuses, as it does a repeated form field). null when the body is malformed:
 * no boundary, cut short, a part without a name or without form-data headers, more than
 * MAX_MULTIPART_FIELDS fields.
 */
export function parseMultipartFields(body: Buffer, contentType: string): Promise<MultipartFields | null> {
  const boundary = boundaryOf(contentType);
  if (!boundary) return Promise.resolve(null);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Names are UTF-8 as browsers and curl send them (busboy's default reads them as latin1).
      defParamCharset: 'utf8',
      limits: {
        fields: MAX_MULTIPART_FIELDS,
        fieldNameSize: config.bodyLimitBytes,
        fieldSize: config.bodyLimitBytes,
        // No file bytes are taken: each file part is drained unread (counted, for partCount's check).
        fileSize: 0,
      },
    });
  } catch {
    return Promise.resolve(null); // not multipart/form-data, or no boundary busboy can read
  }
  const fields: MultipartFields = Object.create(null);
  let seen = 0;
  let refused = false;
  return new Promise((resolve) => {
    parser.on('field', (name: string | undefined, value: string, info: busboy.FieldInfo) => {
      seen++;
      if (name === undefined || info.nameTruncated || info.valueTruncated) {
        refused = true;
        return;
      }
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    });
    parser.on('file', (_name: string | undefined, stream: NodeJS.ReadableStream) => {
      seen++;
      stream.resume();
    });
    parser.on('fieldsLimit', () => {
      refused = true;
    });
    parser.on('error', () => resolve(null));
    parser.on('close', () => resolve(refused || seen !== partCount(body, boundary) ? null : fields));
    parser.end(body);
  });
}

/** Parses a multipart/form-data body into req.body (other bodies are left to the other parsers). */
export function multipartFields(options: { limit: number }) {
  const raw = express.raw({ type: 'multipart/form-data', limit: options.limit });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    raw(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      if (!Buffer.isBuffer(body)) return next(malformed());
      parseMultipartFields(body, req.get('content-type') ?? '').then((fields) => {
        if (!fields) return next(malformed());
        req.body = fields;
        next();
      }, next);
    });
  };
}
