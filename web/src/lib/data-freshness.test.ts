import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastAnswerAt, noteAnswerTime, resetAnswerTime } from '@/lib/data-freshness';

// Web test files share a module registry (vitest.config.ts): start from no answer, leave none behind.
beforeEach(() => resetAnswerTime());
afterEach(() => resetAnswerTime());

describe('noteAnswerTime', () => {
  it("keeps the newest answer's Date header, and remembers it for the next visit", () => {
    noteAnswerTime('Tue, 19 May 2026 10:00:00 GMT');
    noteAnswerTime('Mon, 18 May 2026 10:00:00 GMT');
    expect(lastAnswerAt()).toBe(Date.parse('2026-05-19T10:00:00Z'));
    expect(localStorage.getItem('lastDataAt')).toBe(String(Date.parse('2026-05-19T10:00:00Z')));
  });

  it('uses the time of arrival when an answer has no usable Date', () => {
    noteAnswerTime(null, 1_000);
    expect(lastAnswerAt()).toBe(1_000);
    noteAnswerTime('not a date', 2_000);
    expect(lastAnswerAt()).toBe(2_000);
  });
});
