import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';
import { MFA_MAX_AGE_SECONDS, MFA_MESSAGES } from '../shared/mfa';
import { authenticate, identityOf } from './authenticate';
import { noStore } from './no-store';

/** After `authenticate`: 403 `Admin access required` unless the token carries `admin: true`. */
export function requireAdminClaim(req: Request, _res: Response, next: NextFunction) {
  if (!identityOf(req).admin) throw new AppError('admin_required', MESSAGES.adminRequired);
  next();
}

/**
 * After `authenticate`: an admin whose token also says the second factor was passed, within
 * the last MFA_MAX_AGE_SECONDS; an admin's token without it, or with an older one, is 403 `mfa_required`.
 */
export function requireAdmin(req: Request, res: Response, next: NextFunction) {
  requireAdminClaim(req, res, () => {
    const { mfa, mfaAt } = identityOf(req);
    if (!mfa || mfaAt === undefined) throw new AppError('mfa_required', MFA_MESSAGES.required);
    if (Date.now() / 1000 - mfaAt > MFA_MAX_AGE_SECONDS) throw new AppError('mfa_required', MFA_MESSAGES.expired);
    next();
  });
}

/**
 * The one admin guard, listed on every admin route itself (never left to another router's prefix):
 * the token is verified with revocation checked, the claim and the second factor required, and the
 * answer never cached.
 */
export const adminOnly: RequestHandler[] = [authenticate({ checkRevoked: true }), requireAdmin, noStore];

/** The second factor's own routes (enrol, verify): an admin's token before the second factor. */
export const adminBeforeSecondFactor: RequestHandler[] = [authenticate({ checkRevoked: true }), requireAdminClaim, noStore];
