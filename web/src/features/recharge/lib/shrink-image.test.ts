import { PROOF_MAX_BYTES, PROOF_MESSAGES, PROOF_QUALITY } from '@shared/payment-proof';
import { describe, expect, it } from 'vitest';
import { encodingsToTry, firstThatFits, ProofError, scaledSize, shrinkImage } from './shrink-image';

describe('scaledSize', () => {
  it('brings the longest side down to 1600 px, keeping the proportions', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(1080, 2400)).toEqual({ width: 720, height: 1600 });
  });
  it('never enlarges a small screenshot', () => {
    expect(scaledSize(720, 1280)).toEqual({ width: 720, height: 1280 });
  });
  it('keeps at least one pixel on a very thin picture', () => {
    expect(scaledSize(10_000, 1)).toEqual({ width: 1600, height: 1 });
  });
});

describe('firstThatFits', () => {
  const blob = (type: string, size: number) => new Blob([new Uint8Array(size)], { type });

  it('takes the first WebP that fits', async () => {
    const asked: string[] = [];
    const chosen = await firstThatFits(async (type, quality) => {
      asked.push(`${type}@${quality}`);
      return blob(type, 1000);
    });
    expect(chosen.type).toBe('image/webp');
    expect(asked).toEqual([`image/webp@${PROOF_QUALITY.first}`]);
  });

  it('lowers the quality until the picture fits', async () => {
    const chosen = await firstThatFits(async (type, quality) => blob(type, quality > 0.6 ? PROOF_MAX_BYTES + 1 : PROOF_MAX_BYTES));
    expect(chosen.size).toBe(PROOF_MAX_BYTES);
  });

  it('writes JPEG where the browser has no WebP encoder (it answers PNG instead)', async () => {
    const chosen = await firstThatFits(async (type) => blob(type === 'image/webp' ? 'image/png' : type, 1000));
    expect(chosen.type).toBe('image/jpeg');
  });

  it('gives up with a message when even the lowest quality is too big', async () => {
    await expect(firstThatFits(async (type) => blob(type, PROOF_MAX_BYTES + 1))).rejects.toThrow(PROOF_MESSAGES.tooBig);
    expect(encodingsToTry().at(-1)).toEqual({ type: 'image/jpeg', quality: PROOF_QUALITY.lowest });
  });
});

describe('shrinkImage', () => {
  it('refuses a file that is not a picture, before reading it', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    await expect(shrinkImage(pdf)).rejects.toThrow(new ProofError(PROOF_MESSAGES.notAnImage));
  });
});
