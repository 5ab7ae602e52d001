import type { Request } from 'express';

/**
 * The client's address for abuse limits. Behind Hosting and Cloud Functions the app sees the client in
 * X-Forwarded-For; with `trust proxy` on, Express gives its first entry as req.ip. That entry is what
 * the client itself may have sent, so this is the one place to change if production shows that a
 * fixed hop from the right (or a header Hosting sets) must be used instead.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
