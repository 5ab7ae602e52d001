import type { RequestHandler } from 'express';

/** The answer is the caller's own: never kept by a browser or a shared cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};
