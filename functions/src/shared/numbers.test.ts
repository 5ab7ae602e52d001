import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  it('writes every integer exactly as toLocaleString("en-US") does', () => {
    const samples = [0, -0, 1, -1, 7, 12, 123, 999, 1_000, -1_000, 1_234, 10_000, 99_999, 100_000, 999_999, 1_000_000];
    samples.push(10_000_000, 123_456_789, -987_654_321, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    // Every length of number, both signs, and the edges of each group of three.
    for (let digits = 1; digits <= 16; digits++) {
      const base = 10 ** (digits - 1);
      samples.push(base, base * 10 - 1, -base, -(base * 10 - 1));
      for (let i = 0; i < 50; i++) samples.push(Math.floor(base + Math.random() * (base * 9 - 1)) * (i % 2 ? -1 : 1));
    }
    for (const n of samples.filter(Number.isSafeInteger)) expect(formatNumber(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves what is not a safe integer to toLocaleString', () => {
    for (const n of [0.5, 1234.5678, -1234.5, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
