// The last middleware: every error becomes `{message, field?}` with its status; nothing internal leaks.
import type { NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { MESSAGES } from '../shared/messages';
import { describeZodError } from '../shared/schemas';

export function notFoundHandler(_req: Request, _res: Response, next: NextFunction) {
  next(new HttpError(404, MESSAGES.notFound));
}

export async function errorHandler(thrown: unknown, req: Request, res: Response, _next: NextFunction) {
  let error = thrown;
  // A revoked token answers 401 whatever else was wrong with the request (see authenticate).
  if (req.revocationCheck)
    error = await req.revocationCheck.then(
      () => thrown,
      (revoked: unknown) => revoked,
    );
  if (error instanceof ZodError) {
    res.status(400).json(describeZodError(error));
    return;
  }
  if (error instanceof HttpError) {
    res.set(error.headers).status(error.status).json(error.toJSON());
    return;
  }
  // body-parser errors carry a status and a type.
  const parserError = error as { type?: string; status?: number };
  if (parserError.type === 'entity.too.large') {
    res.status(413).json({ message: MESSAGES.bodyTooLarge });
    return;
  }
  if (
    parserError.type === 'entity.parse.failed' ||
    parserError.type === 'encoding.unsupported' ||
    parserError.type === 'charset.unsupported'
  ) {
    res.status(400).json({ message: MESSAGES.invalidJson });
    return;
  }
  logger.error('Unhandled error', {
    path: req.path,
    method: req.method,
    requestId: res.locals.requestId,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  res.status(500).json({ message: MESSAGES.internal });
}
