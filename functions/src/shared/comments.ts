// Service types as API v2 names them. A `Custom Comments` service is ordered with the customer's own
// comments, one per line, instead of a quantity: the number of lines is the quantity (and the price
// is quantity × rate as for any service). Services stored before types existed have none: Default.

import { formatNumber } from './numbers';

export const SERVICE_TYPES = ['Default', 'Custom Comments'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const serviceTypeOf = (service: { type?: ServiceType | undefined }): ServiceType => service.type ?? 'Default';
export const takesComments = (service: { type?: ServiceType | undefined }) => serviceTypeOf(service) === 'Custom Comments';

export const COMMENT_LIMITS = {
  /** Characters (UTF-16 units, as the form's counter) per comment. */
  lineLength: 300,
  /** Comments per order, whatever the service's max. */
  lines: 1000,
  /** The whole text: keeps an order document and an API v2 form body (64 KB, percent-encoded) small. */
  total: 20_000,
} as const;

/** Control characters (a tab, NUL, escape…); line breaks separate comments and never reach a line. */
const CONTROL = /\p{Cc}/u;

/**
 * The comments in `raw`: one per line (`\n`, `\r\n`, `\r`, or U+2028/U+2029, which providers also
 * split on: one comment here is one there, as charged), each trimmed, blank lines dropped.
 */
export function commentLines(raw: string): string[] {
  return raw
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Why these comments cannot be ordered (the first problem, naming its line), or null. */
export function commentsIssue(raw: string, lines: readonly string[]): string | null {
  if (raw.length > COMMENT_LIMITS.total) return `Comments must be at most ${formatNumber(COMMENT_LIMITS.total)} characters in all`;
  if (lines.length === 0) return 'Enter at least one comment, one per line';
  if (lines.length > COMMENT_LIMITS.lines) return `At most ${formatNumber(COMMENT_LIMITS.lines)} comments per order`;
  for (const [i, line] of lines.entries()) {
    if (line.length > COMMENT_LIMITS.lineLength) return `Comment ${i + 1} is longer than ${COMMENT_LIMITS.lineLength} characters`;
    if (CONTROL.test(line)) return `Comment ${i + 1} contains a control character`;
  }
  return null;
}
