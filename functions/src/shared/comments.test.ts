import { describe, expect, it } from 'vitest';
import { commentLines, commentsIssue } from './comments';

describe('custom comments', () => {
  // Providers split the comments they are sent on any line break (PHP's `\R` takes U+2028 and U+2029
  // too): a line we count as one comment, and charge for as one, must not reach them as two.
  it.each([
    ['first\u2028second', ['first', 'second']],
    ['first\u2029second', ['first', 'second']],
    ['a\r\nb\rc\nd', ['a', 'b', 'c', 'd']],
    ['  a \n\n \n b  ', ['a', 'b']],
  ])('%j is the comments %j', (raw, lines) => {
    expect(commentLines(raw)).toEqual(lines);
    expect(commentsIssue(raw, commentLines(raw))).toBeNull();
  });

  it.each(['a\u000bb', 'a\u000cb', 'a\u0085b', 'a\tb'])(
    'refuses %j: a control character (a break to some providers) inside a comment',
    (raw) => {
      expect(commentsIssue(raw, commentLines(raw))).toBe('Comment 1 contains a control character');
    },
  );
});
