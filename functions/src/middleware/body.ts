// JSON bodies only, at most 64 KiB, parsed here (under Cloud Functions too: see lib/host-body.ts), so a
// malformed body, a JSON scalar or an oversized one answers in the contract's format.
import express, { type NextFunction, type Request, type Response } from 'express';
import { config } from '../lib/config';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';

const jsonParser = express.json({ limit: config.bodyLimitBytes, strict: true, type: () => true });

export function jsonBody(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > config.bodyLimitBytes) {
    next(new AppError('body_too_large', MESSAGES.bodyTooLarge));
    return;
  }
  const hasBody = declared > 0 || req.get('transfer-encoding') !== undefined;
  if (!hasBody || req.method === 'GET' || req.method === 'HEAD') {
    next();
    return;
  }
  if (!req.is('application/json')) {
    next(new AppError('invalid_json', 'Request body must be JSON (Content-Type: application/json)'));
    return;
  }
  jsonParser(req, res, next);
}
