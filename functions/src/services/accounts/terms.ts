// The terms, versioned: termsVersions/{version}, each version the admin saves a document of its own that never
// changes (so what a customer accepted can always be read again); until the first save, version 1 is the built-in
// text (shared/terms.ts). Sign-up records the version the customer accepted on the profile (users.ts).
import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail } from '../../lib/errors';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import { BUILT_IN_TERMS, type Terms, type TermsBody } from '../../shared/terms';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';

const termsDocSchema = z.object({ version: z.number().int(), text: z.string(), at: timestampSchema, by: z.string(), byUid: z.string() });
type TermsDoc = z.infer<typeof termsDocSchema>;

export const termsCollection = () => typedCollection('termsVersions', termsDocSchema);

const BUILT_IN: Terms = { version: 1, text: BUILT_IN_TERMS, updatedAt: null };
const toWire = (doc: TermsDoc): Terms => ({ version: doc.version, text: doc.text, updatedAt: doc.at.toDate().toISOString() });

/** The terms in force: the newest version saved, or the built-in version 1. */
export async function currentTerms(tx?: Transaction): Promise<Terms> {
  const query = termsCollection().orderBy('version', 'desc').limit(1);
  const doc = (tx ? await tx.get(query) : await query.get()).docs[0]?.data();
  return doc ? toWire(doc) : BUILT_IN;
}

/** One version, as it was saved; 404 `not_found` for one that never was. */
export async function termsVersion(version: number): Promise<Terms> {
  const doc = Number.isSafeInteger(version) && version >= 1 ? (await termsCollection().doc(String(version)).get()).data() : undefined;
  if (doc) return toWire(doc);
  if (version === 1) return BUILT_IN;
  throw fail('not_found', 'No such version of the terms');
}

/** Whether `version` is one customers could have been shown: 1 (built-in or saved) up to the one in force. */
export async function isTermsVersion(tx: Transaction, version: number): Promise<boolean> {
  return version >= 1 && version <= (await currentTerms(tx)).version;
}

/**
 * Saves the admin's text as the next version, audited; the editor's `baseVersion` must be the one in force (409
 * `terms_outdated`: another admin saved since). The same text as in force writes nothing.
 */
export async function saveTerms(actor: Actor, body: TermsBody): Promise<Terms> {
  const { value } = await runInTransaction<Terms>(null, async (tx, now) => {
    const current = await currentTerms(tx);
    if (body.baseVersion !== current.version)
      throw fail('terms_outdated', `The terms changed since you opened them (now version ${current.version}): reload to see them`, 'text');
    if (body.text === current.text) return current;
    const doc: TermsDoc = { version: current.version + 1, text: body.text, at: now, by: actor.email, byUid: actor.uid };
    const ref = termsCollection().doc(String(doc.version));
    tx.create(ref, doc);
    recordAudit(tx, actor, now, {
      subject: ref,
      action: 'terms_update',
      before: { version: current.version, characters: current.text.length },
      after: { version: doc.version, characters: doc.text.length },
    });
    return toWire(doc);
  });
  return value;
}
