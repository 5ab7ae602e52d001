import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';
import { MFA_MESSAGES } from '../shared/mfa';
import { authenticate, identityOf } from './authenticate';

/** After `authenticate`: 403 `Admin access required` unless the token carries `admin: true`. */
export function requireAdminClaim(req: Request, _res: Response, next: NextFunction) {
  if (!identityOf(req).admin) throw new AppError('admin_required', MESSAGES.adminRequired);
  next();
}

/**
 * After `authenticate`: an admin whose token also says the second factor was passed (issue 29); an
 * admin's token without it is 403 `mfa_required`.
 */
export function requireAdmin(req: Request, res: Response, next: NextFunction) {
  requireAdminClaim(req, res, () => {
    if (!identityOf(req).mfa) throw new AppError('mfa_required', MFA_MESSAGES.required);
    next();
  });
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

/**
 * The one admin guard, listed on every admin route itself (never left to another router's prefix):
 * the token is verified with revocation checked, the claim and the second factor required, and the
 * answer never cached.
 */
export const adminOnly: RequestHandler[] = [authenticate({ checkRevoked: true }), requireAdmin, noStore];

/** The second factor's own routes (enrol, verify): an admin's token before the second factor. */
export const adminBeforeSecondFactor: RequestHandler[] = [authenticate({ checkRevoked: true }), requireAdminClaim, noStore];
