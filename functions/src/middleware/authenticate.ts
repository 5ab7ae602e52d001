// Verifies the Firebase ID token of `Authorization: Bearer <token>`; 401 `Invalid token` otherwise.
// Money and admin routes also check that the token was not revoked (a password reset revokes).
import type { NextFunction, Request, Response } from 'express';
import { auth } from '../lib/admin';
import { AppError } from '../lib/errors';
import { timed } from '../lib/server-timing';
import { type Identity, identityFromToken } from '../services/accounts/users';
import { MESSAGES } from '../shared/messages';

declare module 'express-serve-static-core' {
  interface Request {
    identity?: Identity;
    /** With checkRevoked 'before-commit': settles when the revocation check passed, rejects with 401. */
    revocationCheck?: Promise<void>;
  }
}

/**
 * checkRevoked: true checks revocation (one call to Firebase Auth) before the route runs;
 * 'before-commit' starts that check and lets the route run, which must await `req.revocationCheck`
 * before it writes anything (money transactions pass it as their precondition), so the check
 * overlaps the transaction's reads instead of adding to the request's latency.
 */
export function authenticate(options: { checkRevoked: boolean | 'before-commit' }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const token = match?.[1];
    if (!token) throw new AppError('invalid_token', MESSAGES.invalidToken);
    try {
      const decoded = await timed(res, 'auth', () => auth.verifyIdToken(token, options.checkRevoked === true));
      req.identity = identityFromToken(decoded);
    } catch {
      throw new AppError('invalid_token', MESSAGES.invalidToken);
    }
    if (options.checkRevoked === 'before-commit') {
      const check = auth.verifyIdToken(token, true).then(
        () => undefined,
        () => {
          throw new AppError('invalid_token', MESSAGES.invalidToken);
        },
      );
      // A route that fails before awaiting the check must not leave an unhandled rejection behind.
      check.catch(() => undefined);
      req.revocationCheck = check;
    }
    next();
  };
}

/** The identity set by `authenticate`; a route mounted without it is a programming error. */
export function identityOf(req: Request): Identity {
  if (!req.identity) throw new AppError('invalid_token', MESSAGES.invalidToken);
  return req.identity;
}
