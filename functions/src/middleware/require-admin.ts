import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';
import { authenticate, identityOf } from './authenticate';

/** After `authenticate`: 403 `Admin access required` unless the token carries `admin: true`. */
export function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  if (!identityOf(req).admin) throw new AppError('admin_required', MESSAGES.adminRequired);
  next();
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

/**
 * The one admin guard, listed on every admin route itself (never left to another router's prefix):
 * the token is verified with revocation checked, the claim required, and the answer never cached.
 */
export const adminOnly: RequestHandler[] = [authenticate({ checkRevoked: true }), requireAdmin, noStore];
