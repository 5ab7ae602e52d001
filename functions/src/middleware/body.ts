// JSON bodies only, at most 64 KiB. Under Cloud Functions the framework has already parsed the body
// (req.rawBody is set), so the limit is checked on the raw bytes; locally express.json parses it.
import express, { type NextFunction, type Request, type Response } from 'express';
import { config } from '../lib/config';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';

declare module 'express-serve-static-core' {
  interface Request {
    rawBody?: Buffer;
  }
}

const jsonParser = express.json({ limit: config.bodyLimitBytes, strict: true, type: () => true });

export function jsonBody(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.get('content-length') ?? 0);
  const rawLength = req.rawBody?.length ?? 0;
  if (declared > config.bodyLimitBytes || rawLength > config.bodyLimitBytes) {
    next(new AppError('body_too_large', MESSAGES.bodyTooLarge));
    return;
  }
  const hasBody = declared > 0 || rawLength > 0 || req.get('transfer-encoding') !== undefined;
  if (!hasBody || req.method === 'GET' || req.method === 'HEAD') {
    next();
    return;
  }
  if (!req.is('application/json')) {
    next(new AppError('invalid_json', 'Request body must be JSON (Content-Type: application/json)'));
    return;
  }
  if (req.rawBody && !(req as { _body?: boolean })._body) {
    // Parsed by nobody yet although the raw bytes are here: parse them ourselves.
    try {
      req.body = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      next(new AppError('invalid_json', MESSAGES.invalidJson));
      return;
    }
    next();
    return;
  }
  jsonParser(req, res, next);
}
