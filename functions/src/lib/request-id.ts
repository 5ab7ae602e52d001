// The request id tags the answer (X-Request-Id) and the request's log lines. A caller may bring its
// own, to follow one request across systems, but it is echoed and logged only when it is a short
// token of plain characters: anything else (a 60 KiB header, spaces, quotes, markup) is replaced with
// a fresh id, so a caller cannot bloat the logs or forge what they show.
import { randomUUID } from 'node:crypto';

/** Room for a UUID, a ULID or a trace id; nothing that needs quoting in a log or a header. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
}
