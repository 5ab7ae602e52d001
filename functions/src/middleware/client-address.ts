import type { Request } from 'express';

/**
 * The client's address for abuse limits. Each proxy in front of the app appends the address it was
 * called from to X-Forwarded-For, after whatever the client sent; so only the last
 * `config.trustedProxyHops` entries are ours, and Express (`trust proxy` set to that number in
 * app.ts) gives the entry that many from the right as req.ip. With fewer entries (the function's own
 * URL called directly), it is the leftmost, which that caller may have chosen: the per-scope ceilings
 * in services/kernel/rate-limit.ts hold regardless.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
