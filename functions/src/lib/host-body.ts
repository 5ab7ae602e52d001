// Under Cloud Functions (and its emulator) the host's own Express app parses every request body before
// the function runs: up to 32 MB in the emulator and more in production, JSON strictly, answering a
// malformed body or a JSON scalar with its own HTML 400 that never reaches us. The contract wants our
// limits (64 KiB) and our error format on every path, so the body is hidden from the host: a request
// listener placed before the host's takes the headers that announce a body (content-length,
// transfer-encoding) off the request, so the host's parsers see none and leave the stream unread; the
// app puts them back first thing (restoreBodyHeaders) and parses the stream itself.
import http, { type IncomingMessage } from 'node:http';

const HIDDEN = Symbol('body headers hidden from the host');
const BODY_HEADERS = ['content-length', 'transfer-encoding'] as const;

type WithHidden = IncomingMessage & { [HIDDEN]?: Partial<Record<(typeof BODY_HEADERS)[number], string>> };

function hideBody(req: WithHidden) {
  const hidden: Partial<Record<(typeof BODY_HEADERS)[number], string>> = {};
  for (const name of BODY_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') hidden[name] = value;
    delete req.headers[name];
  }
  req[HIDDEN] = hidden;
}

/** Puts back what hideBody took (a no-op for a request that did not come through a host). */
export function restoreBodyHeaders(req: IncomingMessage) {
  const hidden = (req as WithHidden)[HIDDEN];
  if (!hidden) return;
  Object.assign(req.headers, hidden);
  delete (req as WithHidden)[HIDDEN];
}

let installed = false;

/**
 * Call when the function's module loads, before the host creates its HTTP server (both the Functions
 * Framework and the emulator load the function first): every server created afterwards hides bodies
 * from the host's parsers.
 */
export function hideBodiesFromHost() {
  if (installed) return;
  installed = true;
  const createServer = http.createServer;
  http.createServer = ((...args: Parameters<typeof http.createServer>) => {
    const server = createServer(...(args as [http.RequestListener]));
    server.prependListener('request', hideBody);
    return server;
  }) as typeof http.createServer;
}
