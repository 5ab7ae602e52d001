import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';
import { identityOf } from './authenticate';

/** After `authenticate`: 403 `Admin access required` unless the token carries `admin: true`. */
export function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  if (!identityOf(req).admin) throw new AppError('admin_required', MESSAGES.adminRequired);
  next();
}
