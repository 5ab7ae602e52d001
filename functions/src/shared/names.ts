// People's names as the app stores and shows them (profiles, contact messages, reviews): one set of
// bounds for a name a person types, which is refused when out of bounds, and for a name derived from
// an account (its Auth display name or email), which is cleaned to fit instead: nobody typed it here.

export const NAME_MAX_LENGTH = 80;

/** Control (Cc) and format (Cf) characters: line breaks, bidi overrides, zero-width spaces and joiners. */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;
/** What shows nothing by itself: spaces, controls, marks without a base, fillers, the blank braille cell. */
const BLANK = /^[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Cs}\p{M}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

export const hasControlOrFormat = (name: string) => CONTROL_OR_FORMAT.test(name);

/** A line break or a tab: the layout of a text written over several lines. */
const LAYOUT = /[\n\r\t]/g;
/** A zero-width joiner between two emoji (🤷‍♂️, 👩🏽‍💻): part of one emoji, not hidden text. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/**
 * The rule of names for a text written over several lines (a ticket message): its line breaks and tabs,
 * and the joiners inside emoji, are allowed; any other control or format character (a bidi override, a
 * zero-width space, a direction mark, a NUL) is not.
 */
export const hasControlOrFormatInText = (text: string) => hasControlOrFormat(text.replace(LAYOUT, '').replace(EMOJI_JOINER, ''));
export const hasVisibleText = (name: string) => !BLANK.test(name);

/** At most `max` UTF-16 units (what `maxLength` and the schemas count), never splitting a character. */
function truncate(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/**
 * The first of `candidates` that has visible text once cleaned (controls become spaces; format
 * characters and unpaired surrogates go; trimmed; cut to 80), or "User". A name that passes the
 * typed-name rules comes out unchanged.
 */
export function profileName(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const cleaned = candidate
      .replace(/\p{Cc}/gu, ' ')
      .replace(/[\p{Cf}\p{Cs}]/gu, '')
      .trim();
    const name = truncate(cleaned, NAME_MAX_LENGTH).trim();
    if (hasVisibleText(name)) return name;
  }
  return 'User';
}
