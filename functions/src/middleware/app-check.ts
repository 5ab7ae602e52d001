// Firebase App Check on the web app's writes: with `enforce`, a write to /api (anything but
// GET/HEAD/OPTIONS) must carry an App Check token of this project's web app (`X-Firebase-AppCheck`, which
// reCAPTCHA Enterprise attests in the browser), else 401 `app_check_required`. It raises the cost of
// scripting the signup, order and contact forms outside a browser; it is no authentication (the ID token
// is). The reseller API (/api/v2, its keys) and the wallet phones' webhook (/api/wallet-events, its
// signatures) are mounted before this guard and exempt. Off on the emulators, which have no App Check.
import type { NextFunction, Request, Response } from 'express';
import { getAppCheck } from 'firebase-admin/app-check';
import { app as adminApp } from '../lib/admin';
import { config } from '../lib/config';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';

export interface AppCheckOptions {
  mode: 'enforce' | 'off';
  /** Verifies a token (Firebase's, by default: its signature, this project, not expired); throws when it is not valid. */
  verify?: (token: string) => Promise<unknown>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function appCheckGuard(
  { mode, verify = (token) => getAppCheck(adminApp).verifyToken(token) }: AppCheckOptions = { mode: config.appCheck },
) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (mode === 'off' || READS.has(req.method)) {
      next();
      return;
    }
    const token = req.get('x-firebase-appcheck');
    if (!token) throw new AppError('app_check_required', MESSAGES.appCheckRequired);
    try {
      await verify(token);
    } catch {
      throw new AppError('app_check_required', MESSAGES.appCheckRequired);
    }
    next();
  };
}
