// The one lease of outbound work (decision record 0008): whoever does a piece of work that must not run
// twice at once (a call to a provider, a push, the scheduled run) first writes `{token, until}` in a
// transaction, and records its outcome only if the token is still its own. A lease that ran out frees
// the work for the next taker (a dead instance holds nothing for ever). Every claim and release goes
// through here: the scheduled run, the status sync, the services sync, forwarding, refills, automatic
// refunds and pushes. The stored shape is always `{token: string, until: Timestamp}`, under the field
// each document has always used.
import { randomUUID } from 'node:crypto';
import { type DocumentReference, FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { timestampSchema } from '../../lib/typed-collection';
import { runInTransaction } from './transactions';

export const leaseSchema = z.object({ token: z.string(), until: timestampSchema });
export type Lease = z.infer<typeof leaseSchema>;

/** Whether `lease` is held at `now` (milliseconds): written and not yet run out. */
export function leaseHeld(lease: Pick<Lease, 'until'> | null | undefined, now: number): boolean {
  return !!lease && lease.until.toMillis() > now;
}

/** A new lease from `now` for `ms` milliseconds, with a token of its own. */
export function newLease(now: number, ms: number): Lease {
  return { token: randomUUID(), until: Timestamp.fromMillis(now + ms) };
}

/** Whether `lease` is still the one `token` names (nobody took it over since, nobody removed it). */
export function leaseIsOurs(lease: Pick<Lease, 'token'> | null | undefined, token: string): boolean {
  return lease?.token === token;
}

/** The value at a dotted field path of a document's data. */
function valueAt(data: Record<string, unknown> | undefined, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
}

export interface ClaimOptions {
  /** A leased field of a document that does not exist: throw this (default: not claimed, null). */
  missing?: () => Error;
}

/**
 * Claims a document-level lease in a transaction of its own: `field` of `ref` (an update: the document
 * must exist), or with `field` null the whole document `{token, until}` (set: created if need be).
 * Returns the token, or null while another holder's lease runs.
 */
export async function claimLease(
  ref: DocumentReference,
  field: string | null,
  ms: number,
  now: number,
  options: ClaimOptions = {},
): Promise<string | null> {
  const { value } = await runInTransaction<string | null>(null, async (tx) => {
    const snap = await tx.get(ref);
    const data = snap.data();
    if (field !== null && !snap.exists) {
      if (options.missing) throw options.missing();
      return null;
    }
    const current = (field === null ? data : valueAt(data, field)) as Lease | undefined;
    if (leaseHeld(current, now)) return null;
    const lease = newLease(now, ms);
    if (field === null) tx.set(ref, lease);
    else tx.update(ref, { [field]: lease });
    return lease.token;
  });
  return value;
}

/**
 * Releases a lease claimed by claimLease, only if it is still ours (a holder whose lease ran out and was
 * taken over leaves the new holder's alone): the field removed, with `extraFields` written in the same
 * update; with `field` null the document is deleted.
 */
export async function releaseLease(
  ref: DocumentReference,
  field: string | null,
  token: string,
  extraFields: Record<string, unknown> = {},
): Promise<void> {
  await runInTransaction(null, async (tx) => {
    const data = (await tx.get(ref)).data();
    const current = (field === null ? data : valueAt(data, field)) as Lease | undefined;
    if (!leaseIsOurs(current, token)) return;
    if (field === null) tx.delete(ref);
    else tx.update(ref, { ...extraFields, [field]: FieldValue.delete() });
  });
}
