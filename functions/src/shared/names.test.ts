import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlOrFormat, hasVisibleText, profileName } from './names';
import { nameSchema } from './schemas';

describe('profileName', () => {
  it.each([
    ['  Ayesha Khan ', 'Ayesha Khan'],
    ['Ali\nRaza', 'Ali Raza'],
    ['\u202eadmin\u200b', 'admin'],
    ['a\ud800b', 'ab'],
    [`${'x'.repeat(79)}😀`, 'x'.repeat(79)],
    [`${'x'.repeat(78)}😀!`, `${'x'.repeat(78)}😀`],
  ])('%j → %j', (raw, name) => {
    expect(profileName(raw)).toBe(name);
  });

  it('takes the next candidate when one shows nothing, and "User" when none does', () => {
    expect(profileName('\u200b\u3164', 'zara')).toBe('zara');
    expect(profileName(undefined, null, '')).toBe('User');
    expect(profileName(' \u0301 ', '\u2800')).toBe('User');
  });

  it('always gives a name the typed-name rules accept, and keeps such a name as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        const name = profileName(raw);
        expect(nameSchema.safeParse(name)).toMatchObject({ success: true, data: name });
        expect(profileName(name)).toBe(name);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('name checks', () => {
  it('finds control and format characters', () => {
    for (const text of ['a\u0000', 'a\u007f', 'a\u200d', 'a\u202e', 'a\ufeff', 'a\u00ad']) expect(hasControlOrFormat(text)).toBe(true);
    expect(hasControlOrFormat('علی رضا 😀')).toBe(false);
  });

  it('needs something visible', () => {
    for (const text of ['', ' ', '\u3164', '\u115f', '\u2800', '\u0301', '\u3000']) expect(hasVisibleText(text)).toBe(false);
    for (const text of ['a', '😀', 'ے', '.']) expect(hasVisibleText(text)).toBe(true);
  });
});
