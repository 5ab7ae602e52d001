// Input parsing at the boundary: bodies, queries and the Idempotency-Key header through zod.
import type { Request } from 'express';
import { z } from 'zod/mini';
import { invalidInput } from '../lib/errors';
import { describeZodError, idempotencyKeySchema } from '../shared/schemas/fields';

// Any zod schema: the shared ones are zod/mini, a route's own may be classic (both are core schemas).
export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) {
    const { message, field } = describeZodError(result.error);
    throw invalidInput(message, field);
  }
  return result.data;
}

/** The JSON body; a request without one is `{}` so a strict schema reports the missing fields. */
export const parseBody = <S extends z.core.$ZodType>(schema: S, req: Request) => parseWith(schema, req.body ?? {});
export const parseQuery = <S extends z.core.$ZodType>(schema: S, req: Request) => parseWith(schema, req.query);

export function idempotencyKey(req: Request): string | undefined {
  const key = req.get('idempotency-key');
  if (key === undefined) return undefined;
  const result = idempotencyKeySchema.safeParse(key);
  if (!result.success) throw invalidInput('Idempotency-Key must be 1-255 characters', 'Idempotency-Key');
  return result.data;
}
