// The public feed of catalogue changes a customer cares about (/updates, issue 31): a new service, a price up or
// down (old and new rate), disabled, enabled, a refill window changed. Written in the transaction of the change (the
// admin's, a bulk price change, a provider import or sync: services/catalogue/updates.ts); the admin may hide an
// entry or add a note. Shared by the function and the web app (zod/mini).
import { z } from 'zod/mini';
import { hasControlOrFormat } from './names';
import { PLATFORMS } from './platforms';
import { text } from './schemas/fields';

export const UPDATE_KINDS = ['new', 'price', 'disabled', 'enabled', 'refill'] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

export const UPDATE_LIMITS = { note: 300 } as const;

export const catalogueUpdateSchema = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.enum(UPDATE_KINDS),
  /** The service as it was named then. */
  service: z.object({ _id: z.string(), number: z.number(), platform: z.enum(PLATFORMS), category: z.string(), name: z.string() }),
  /** Rupees per 1,000: a price change's old and new rate; a new or enabled service's rate as `to`. */
  rate: z.optional(z.object({ from: z.optional(z.number()), to: z.number() })),
  /** A refill window's old and new days (0: no refill). */
  refillDays: z.optional(z.object({ from: z.number(), to: z.number() })),
  /** The admin's note, if any. */
  note: z.optional(z.string()),
  /** Admins' answers only: whether customers see it. */
  hidden: z.optional(z.boolean()),
});
export type CatalogueUpdate = z.infer<typeof catalogueUpdateSchema>;

export const updatesPageSchema = z.object({ updates: z.array(catalogueUpdateSchema), nextCursor: z.nullable(z.string()) });

/** The admin's change of an entry: hide or show it, set or clear (empty) its note. */
export const updateEntryBody = z
  .strictObject({
    hidden: z.optional(z.boolean({ error: 'Hidden must be true or false' })),
    note: z.optional(
      text({ error: 'Note must be text' }).check(
        z.trim(),
        z.maxLength(UPDATE_LIMITS.note, `Note must be at most ${UPDATE_LIMITS.note} characters`),
        z.refine((note) => !hasControlOrFormat(note), 'Note cannot contain control or formatting characters'),
      ),
    ),
  })
  .check(z.refine((body) => body.hidden !== undefined || body.note !== undefined, 'Nothing to change'));
export type UpdateEntryBody = z.infer<typeof updateEntryBody>;
