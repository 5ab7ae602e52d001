import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlOrFormat, hasControlOrFormatInText, hasVisibleText, profileName } from './names';
import { nameSchema } from './schemas/fields';

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

  it('in a text over several lines, allows line breaks, tabs and the joiners inside emoji, nothing else hidden', () => {
    for (const text of ['Line 1\nLine 2\r\n\tindented', 'Thanks 🤷‍♂️ 👩🏽‍💻 👨‍👩‍👧 ❤️‍🔥', 'علی رضا\n😀']) {
      expect(hasControlOrFormatInText(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of [
      'Order \u202e123',
      'a\u2066b\u2069',
      'a\u200bb',
      'a\u200db',
      '\u200d😀',
      'a\u200fb',
      'a\u0000',
      'a\u001b[31m',
      'a\u007f',
      'a\ufeff',
      'a\u00ad',
      'a\u0085',
    ]) {
      expect(hasControlOrFormatInText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('needs something visible', () => {
    for (const text of ['', ' ', '\u3164', '\u115f', '\u2800', '\u0301', '\u3000']) expect(hasVisibleText(text)).toBe(false);
    for (const text of ['a', '😀', 'ے', '.']) expect(hasVisibleText(text)).toBe(true);
  });
});
