import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, currentTotp, newTotpSecret, otpauthUrl, stepAt, totpAt, verifyTotp } from './totp';

// RFC 6238, appendix B: the ASCII seeds "1234567890" repeated to the hash's length, 8 digits.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('TOTP', () => {
  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('matches RFC 6238’s vectors at %i s', (seconds, sha1, sha256, sha512) => {
    const step = stepAt(seconds * 1000);
    expect(totpAt(SEED_SHA1, step, 8, 'sha1')).toBe(sha1);
    expect(totpAt(SEED_SHA256, step, 8, 'sha256')).toBe(sha256);
    expect(totpAt(SEED_SHA512, step, 8, 'sha512')).toBe(sha512);
  });

  it('accepts a code one step either side of now, once, and nothing else', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    const key = base32Decode(secret) as Uint8Array;
    expect(verifyTotp(secret, currentTotp(secret, now), now, 0)).toBe(step);
    expect(verifyTotp(secret, totpAt(key, step - 1), now, 0)).toBe(step - 1);
    expect(verifyTotp(secret, totpAt(key, step + 1), now, 0)).toBe(step + 1);
    expect(verifyTotp(secret, totpAt(key, step - 2), now, 0)).toBeNull();
    expect(verifyTotp(secret, totpAt(key, step + 2), now, 0)).toBeNull();
    // A code already used (its step, or an earlier one, recorded) is refused.
    expect(verifyTotp(secret, currentTotp(secret, now), now, step)).toBeNull();
    expect(verifyTotp(secret, totpAt(key, step + 1), now, step)).toBe(step + 1);
    for (const code of ['', '12345', '1234567', 'abcdef', '12 456']) expect(verifyTotp(secret, code, now, 0)).toBeNull();
  });

  it('writes and reads base32 both ways', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(Buffer.from(base32Decode('mzxw 6ytb oi==') as Uint8Array).toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(Buffer.from(base32Decode(base32Encode(bytes)) as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
      }),
    );
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('writes the otpauth URL authenticator apps read', () => {
    const url = new URL(otpauthUrl('Shohrat', 'admin@example.com', 'JBSWY3DPEHPK3PXP'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Shohrat:admin@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Shohrat',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
