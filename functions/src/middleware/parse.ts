// Input parsing at the boundary: bodies, queries and the Idempotency-Key header through zod.
import type { Request } from 'express';
import type { z } from 'zod';
import { invalidInput } from '../lib/errors';
import { describeZodError, idempotencyKeySchema } from '../shared/schemas';

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const { message, field } = describeZodError(result.error);
    throw invalidInput(message, field);
  }
  return result.data;
}

/** The JSON body; a request without one is `{}` so a strict schema reports the missing fields. */
export const parseBody = <S extends z.ZodType>(schema: S, req: Request) => parseWith(schema, req.body ?? {});
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request) => parseWith(schema, req.query);

export function idempotencyKey(req: Request): string | undefined {
  const key = req.get('idempotency-key');
  if (key === undefined) return undefined;
  const result = idempotencyKeySchema.safeParse(key);
  if (!result.success) throw invalidInput('Idempotency-Key must be 1-255 characters', 'Idempotency-Key');
  return result.data;
}
