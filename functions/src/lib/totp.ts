// Time-based one-time passwords (RFC 6238, as every authenticator app computes them: HMAC-SHA1, 30-second
// steps, 6 digits) and the base32 their secrets are written in (RFC 4648). Small enough to own rather than
// depend on; tested against the RFC's own vectors (totp.test.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is accepted for (a phone's clock a little off, a code typed late). */
export const TOTP_WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (letter case, spaces and padding ignored); null for anything else. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/** The code of one step (HOTP over the step number, RFC 4226's dynamic truncation). */
export function totpAt(secret: Uint8Array, step: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hash = createHmac(algorithm, secret).update(counter).digest();
  const offset = (hash[hash.length - 1] as number) & 0x0f;
  const binary = hash.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator app shows now for a base32 secret. */
export function currentTotp(secret: string, nowMs = Date.now()): string {
  return totpAt(base32Decode(secret) ?? new Uint8Array(), stepAt(nowMs));
}

/**
 * The step a code is valid for, within TOTP_WINDOW of now and after `lastStep` (a code is accepted once:
 * RFC 6238 §5.2), or null. Compared in constant time.
 */
export function verifyTotp(secret: string, code: string, nowMs: number, lastStep: number): number | null {
  const key = base32Decode(secret);
  if (!key || !/^\d{6}$/.test(code)) return null;
  const now = stepAt(nowMs);
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const expected = Buffer.from(totpAt(key, step));
    if (timingSafeEqual(expected, Buffer.from(code)) && step > lastStep && found === null) found = step;
  }
  return found;
}

/** What an authenticator app scans or opens: `otpauth://totp/Issuer:account?secret=…`. */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/**
 * A code the verifier accepts now for a secret whose codes up to `lastStep` were used: the earliest step
 * in the window after it, or null until the next step (for scripts and tests that sign in often).
 */
export function nextAcceptableCode(secret: string, lastStep: number, nowMs = Date.now()): string | null {
  const key = base32Decode(secret);
  if (!key) return null;
  const step = Math.max(lastStep + 1, stepAt(nowMs) - TOTP_WINDOW);
  return step <= stepAt(nowMs) + TOTP_WINDOW ? totpAt(key, step) : null;
}
