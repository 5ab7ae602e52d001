// The answers any page may parse before it needs the rest of the API's schemas (./schemas.ts, which
// re-exports these): an error's body, which every request may get, and the catalogue, which the landing
// page prices its cards with. Apart so that a page that reads only these does not build every schema of
// the app when its code loads (on the landing page that was ~30 ms of a phone's main thread; docs/decisions/0014).
import { z } from 'zod/mini';
import { SERVICE_TYPES } from './comments';
import { PLATFORMS } from './platforms';

export const serviceSchema = z.object({
  _id: z.string(),
  number: z.optional(z.number().check(z.int())),
  platform: z.enum(PLATFORMS),
  category: z.string(),
  name: z.string(),
  ratePer1000: z.number(),
  min: z.number().check(z.int()),
  max: z.number().check(z.int()),
  defaultQuantity: z.number().check(z.int()),
  description: z.optional(z.string()),
  refill: z.optional(z.boolean()),
  /** Days after completion a refill may be asked for (0: none). */
  refillDays: z.optional(z.number().check(z.int())),
  cancel: z.optional(z.boolean()),
  active: z.boolean(),
  /** Absent: Default (services stored before types). */
  type: z.optional(z.enum(SERVICE_TYPES)),
  /** Orders may be drip-fed (runs and interval). Absent: no. */
  dripfeed: z.optional(z.boolean()),
});
export type Service = z.infer<typeof serviceSchema>;

/** Each platform's categories in the admin's order (categories the admin has not placed come last). */
export const categoryOrderSchema = z.object({ tiktok: z.array(z.string()), instagram: z.array(z.string()), facebook: z.array(z.string()) });
export type CategoryOrder = z.infer<typeof categoryOrderSchema>;

/** The body of every error answer: the message shown, its stable code, and the field it is about. */
export const errorSchema = z.object({ message: z.string(), code: z.optional(z.string()), field: z.optional(z.string()) });
