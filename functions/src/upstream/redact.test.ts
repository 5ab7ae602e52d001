// The key cut out of provider texts in every spelling a provider may echo it in.
import { describe, expect, it } from 'vitest';
import { KEY_MARKER, keyRedactor, redactingReviver, redactKey } from './redact';

const KEY = 'hostile key/+&=9f2c';

describe('redactKey', () => {
  it.each([
    ['as sent', `Invalid key ${KEY}!`],
    ['URL-encoded', `Invalid key ${encodeURIComponent(KEY)}!`],
    ['URL-encoded, lower-case escapes', `Invalid key ${encodeURIComponent(KEY).toLowerCase()}!`],
    ['form-encoded (spaces as +)', `Invalid key ${new URLSearchParams({ k: KEY }).toString().slice(2)}!`],
    ['JSON-escaped with PHP’s \\/', `Invalid key ${JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/')}!`],
  ])('%s', (_name, text) => {
    expect(redactKey(text, KEY)).toBe(`Invalid key ${KEY_MARKER}!`);
  });

  it('every occurrence, and nothing else', () => {
    expect(redactKey(`${KEY} and ${KEY}; hostile key alone`, KEY)).toBe(`${KEY_MARKER} and ${KEY_MARKER}; hostile key alone`);
    expect(redactKey('no key here', KEY)).toBe('no key here');
  });

  it('a key with regular-expression characters is matched literally', () => {
    expect(redactKey('a.b*c(d)e a-b*c(d)e', 'a.b*c(d)e')).toBe(`${KEY_MARKER} a-b*c(d)e`);
  });
});

describe('redactingReviver', () => {
  const parse = (text: string, key = KEY) => JSON.parse(text, redactingReviver(keyRedactor(key)));

  it('strings, \\u-escaped ones included, object keys and nested values', () => {
    const body = JSON.stringify({ error: `bad ${KEY}`, list: [{ name: `x ${KEY}` }], [KEY]: { status: 'Pending' } }).replace(
      'hostile',
      '\\u0068ostile',
    );
    expect(parse(body)).toEqual({ error: `bad ${KEY_MARKER}`, list: [{ name: `x ${KEY_MARKER}` }], [KEY_MARKER]: { status: 'Pending' } });
  });

  it('a number that spells a numeric key, and leaves other numbers be', () => {
    expect(parse('{"balance": 918273645501, "rate": 0.5, "order": 12}', '918273645501')).toEqual({
      balance: KEY_MARKER,
      rate: 0.5,
      order: 12,
    });
  });
});
