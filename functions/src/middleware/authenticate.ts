// Verifies the Firebase ID token of `Authorization: Bearer <token>`; 401 `Invalid token` otherwise.
// Money and admin routes also check that the token was not revoked (a password reset revokes).
import type { NextFunction, Request, Response } from 'express';
import { auth } from '../lib/admin';
import { HttpError } from '../lib/http-error';
import { type Identity, identityFromToken } from '../services/users';
import { MESSAGES } from '../shared/messages';

declare module 'express-serve-static-core' {
  interface Request {
    identity?: Identity;
  }
}

export function authenticate(options: { checkRevoked: boolean }) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, MESSAGES.invalidToken);
    try {
      const token = await auth.verifyIdToken(match[1], options.checkRevoked);
      req.identity = identityFromToken(token);
    } catch {
      throw new HttpError(401, MESSAGES.invalidToken);
    }
    next();
  };
}

/** The identity set by `authenticate`; a route mounted without it is a programming error. */
export function identityOf(req: Request): Identity {
  if (!req.identity) throw new HttpError(401, MESSAGES.invalidToken);
  return req.identity;
}
