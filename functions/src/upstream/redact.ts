// A provider's key never leaves the server, even when the provider echoes it back (in an error, an HTML
// page, a status word, a service name). The transport cuts it out of every text a provider sends, once,
// where results are made: whatever a caller stores, answers, audits or logs is already clean.

/** What stands where the key was. */
export const KEY_MARKER = '[API key]';

/** The key as a provider may echo it: as sent, URL-encoded, form-encoded (spaces as +), JSON-escaped. */
function spellingsOf(key: string): string[] {
  const json = JSON.stringify(key).slice(1, -1);
  const spellings = [
    key,
    encodeURIComponent(key),
    new URLSearchParams({ k: key }).toString().slice(2),
    json,
    // PHP's json_encode escapes slashes.
    json.replaceAll('/', '\\/'),
  ];
  return [...new Set(spellings.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function that replaces every spelling of `key` in a text with KEY_MARKER. Case-insensitive (percent
 * escapes come in either case; a key's case variant is cut too, which costs nothing).
 */
export function keyRedactor(key: string): (text: string) => string {
  if (key.length === 0) return (text) => text;
  const pattern = new RegExp(spellingsOf(key).map(escapeRegExp).join('|'), 'gi');
  return (text) => text.replace(pattern, KEY_MARKER);
}

/** `text` without `key` (see keyRedactor). */
export const redactKey = (text: string, key: string): string => keyRedactor(key)(text);

/**
 * A JSON.parse reviver that redacts every string, every object key and every number that spells the key
 * (JSON's \u escapes are undone by the parse, so this sees what the raw text may hide).
 */
export function redactingReviver(redact: (text: string) => string) {
  return (_name: string, value: unknown): unknown => {
    if (typeof value === 'string') return redact(value);
    if (typeof value === 'number') {
      const text = String(value);
      return redact(text) === text ? value : KEY_MARKER;
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.every(([name]) => redact(name) === name)) return value;
      return Object.fromEntries(entries.map(([name, v]) => [redact(name), v]));
    }
    return value;
  };
}
