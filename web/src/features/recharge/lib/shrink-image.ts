// The browser shrinks a payment screenshot before uploading it (mobile data is slow and expensive): the
// longest side at most PROOF_MAX_SIDE, re-encoded as WebP (JPEG where the browser cannot write WebP), the
// quality lowered step by step until it fits PROOF_MAX_BYTES. The decisions are plain functions; the
// canvas work is in shrinkImage.
import { PROOF_MAX_BYTES, PROOF_MAX_SIDE, PROOF_MESSAGES, PROOF_QUALITY, type ProofType } from '@shared/payment-proof';

export class ProofError extends Error {}

/** The size to draw at: the longest side at most `maxSide`, the proportions kept, never enlarged. */
export function scaledSize(width: number, height: number, maxSide = PROOF_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The encodings tried, in order: each type from the first quality down to the lowest. */
export function encodingsToTry(): { type: ProofType; quality: number }[] {
  const tries: { type: ProofType; quality: number }[] = [];
  for (const type of ['image/webp', 'image/jpeg'] as const) {
    for (let quality = PROOF_QUALITY.first; quality >= PROOF_QUALITY.lowest - 1e-9; quality -= PROOF_QUALITY.step) {
      tries.push({ type, quality: Math.round(quality * 100) / 100 });
    }
  }
  return tries;
}

/**
 * The first encoding that the browser really wrote in the type asked for (a browser without a WebP
 * encoder answers PNG) and that fits; a ProofError when none does.
 */
export async function firstThatFits(encode: (type: ProofType, quality: number) => Promise<Blob | null>, maxBytes = PROOF_MAX_BYTES) {
  for (const { type, quality } of encodingsToTry()) {
    const blob = await encode(type, quality);
    if (blob && blob.type === type && blob.size <= maxBytes) return blob;
  }
  throw new ProofError(PROOF_MESSAGES.tooBig);
}

/** A shrunk copy of the picked file, ready to upload; a ProofError (its message for the user) otherwise. */
export async function shrinkImage(file: Blob): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new ProofError(PROOF_MESSAGES.notAnImage);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ProofError(PROOF_MESSAGES.unreadable);
  }
  const { width, height } = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ProofError(PROOF_MESSAGES.unreadable);
  // JPEG has no transparency: a transparent screenshot gets white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return firstThatFits((type, quality) => new Promise((done) => canvas.toBlob(done, type, quality)));
}
