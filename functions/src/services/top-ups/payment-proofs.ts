// Payment proofs: the screenshot a customer uploaded to Storage, checked before a recharge
// request names it. The check reads Storage outside any transaction (a network call, with a timeout);
// the request's transaction then claims the proof (paymentProofs/{uid}~{file}), so one screenshot is
// attached to one request only.
import { z } from 'zod';
import { bucket } from '../../lib/admin';
import { config } from '../../lib/config';
import { AppError, busy, invalidInput } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { keyOf, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { PROOF_MAX_BYTES, PROOF_MESSAGES, PROOF_TYPES, type ProofType, parseProofPath } from '../../shared/payment-proof';

/** What a recharge request records of its proof. */
export const storedProofSchema = z.object({ path: z.string(), contentType: keyOf(PROOF_TYPES), size: z.number().int() });
export type StoredProof = z.infer<typeof storedProofSchema>;

/** paymentProofs/{uid}~{file}: the request a proof is attached to. */
const proofClaimDocSchema = z.object({ requestId: z.string(), userId: z.string(), createdAt: timestampSchema });
export type ProofClaimDoc = z.infer<typeof proofClaimDocSchema>;

export const proofClaimRef = (path: string) => {
  const parsed = parseProofPath(path);
  if (!parsed) throw invalidInput(PROOF_MESSAGES.invalidPath, 'proof');
  return typedCollection('paymentProofs', proofClaimDocSchema).doc(`${parsed.uid}~${path.slice(path.lastIndexOf('/') + 1)}`);
};

/** The first bytes of each type (a declared type alone is the uploader's word). */
const SIGNATURES: Record<ProofType, (head: Buffer) => boolean> = {
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP',
};

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Storage did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const statusOf = (error: unknown) => (error as { code?: unknown }).code;

/**
 * The proof at `path`, when it is the caller's, exists, is a JPEG, PNG or WebP picture (declared and in
 * its first bytes, stored unpacked) and at most 5 MB; otherwise 400 invalid_input on `proof`. Storage not answering in
 * time is `busy` (nothing was written; the same request may be sent again).
 */
export async function checkProof(uid: string, path: string): Promise<StoredProof> {
  const parsed = parseProofPath(path);
  if (!parsed || parsed.uid !== uid) throw invalidInput(PROOF_MESSAGES.invalidPath, 'proof');
  const file = bucket().file(path);
  try {
    const [metadata] = await withTimeout(file.getMetadata(), config.storageTimeoutMs);
    if (metadata.contentType !== parsed.type) throw invalidInput(PROOF_MESSAGES.notImage, 'proof');
    // Stored packed (gzip): Storage serves it unpacked, so a few KB (its recorded size) can become gigabytes in
    // the admin's browser, and a range of it cannot be read. A screenshot is stored as it is.
    if (metadata.contentEncoding !== undefined && metadata.contentEncoding !== 'identity')
      throw invalidInput(PROOF_MESSAGES.notImage, 'proof');
    const size = Number(metadata.size);
    if (!Number.isSafeInteger(size) || size > PROOF_MAX_BYTES) throw invalidInput(PROOF_MESSAGES.oversize, 'proof');
    const [head] = await withTimeout(file.download({ start: 0, end: 15 }), config.storageTimeoutMs);
    if (!SIGNATURES[parsed.type](head)) throw invalidInput(PROOF_MESSAGES.notImage, 'proof');
    return { path, contentType: parsed.type, size };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (statusOf(error) === 404) throw invalidInput(PROOF_MESSAGES.missing, 'proof');
    logger.warn('payment proof check failed', { path, error: (error as Error).message });
    throw busy();
  }
}
