import { describe, expect, it } from 'vitest';
import { addressKey, decide, RATE_LIMITS, shardShares } from './rate-limit';

const limits = RATE_LIMITS.contact.limits;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sends one request at each of `times` through `decide`, keeping the hits it allows; returns the verdicts. */
function run(times: number[], start: number[] = []) {
  let hits = start;
  return times.map((now) => {
    const verdict = decide(hits, limits, now);
    if (verdict.allowed) hits = verdict.hits;
    return verdict;
  });
}

describe('decide (5 a minute, 50 a day)', () => {
  it('allows 5 requests in a minute and refuses the 6th until the first is a minute old', () => {
    const t0 = 1_000_000_000_000;
    const verdicts = run([t0, t0 + 1, t0 + 2, t0 + 3, t0 + 4, t0 + 5]);
    expect(verdicts.slice(0, 5).every((v) => v.allowed)).toBe(true);
    expect(verdicts[5]).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('is a sliding window: no burst of 10 across a minute boundary', () => {
    const t0 = 1_000_000_000_000;
    const verdicts = run([t0 + 59_000, t0 + 59_100, t0 + 59_200, t0 + 59_300, t0 + 59_400, t0 + 60_100]);
    expect(verdicts[5]?.allowed).toBe(false);
  });

  it('allows again once the oldest hit of the minute has aged out', () => {
    const t0 = 1_000_000_000_000;
    const hits = [t0, t0 + 10_000, t0 + 20_000, t0 + 30_000, t0 + 40_000];
    expect(decide(hits, limits, t0 + MINUTE - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(decide(hits, limits, t0 + MINUTE).allowed).toBe(true);
  });

  it('refuses the 51st request of a day even when spread out, and says when to retry', () => {
    const t0 = 1_000_000_000_000;
    const times = Array.from({ length: 51 }, (_, i) => t0 + i * 10 * MINUTE);
    const verdicts = run(times);
    expect(verdicts.slice(0, 50).every((v) => v.allowed)).toBe(true);
    const last = verdicts[50];
    // The first of the 50 leaves the day window 24 h after it was made.
    expect(last).toEqual({ allowed: false, retryAfterSeconds: (24 * HOUR - 500 * MINUTE) / 1000 });
  });

  it('keeps no more hits than the largest limit needs, and none older than a day', () => {
    const t0 = 1_000_000_000_000;
    const old = Array.from({ length: 80 }, (_, i) => t0 - 25 * HOUR + i);
    const verdict = decide(old, limits, t0);
    expect(verdict).toEqual({ allowed: true, hits: [t0] });
    const many = Array.from({ length: 49 }, (_, i) => t0 - 23 * HOUR + i * MINUTE);
    const next = decide(many, limits, t0);
    expect(next.allowed && next.hits.length).toBe(50);
  });

  it('counts a hit stamped slightly ahead by another instance’s clock', () => {
    const t0 = 1_000_000_000_000;
    const hits = [t0 + 500, t0 + 600, t0 + 700, t0 + 800];
    const verdict = decide(hits, limits, t0);
    expect(verdict).toEqual({ allowed: true, hits: [t0, ...hits] });
    expect(decide(verdict.allowed ? verdict.hits : [], limits, t0 + 1).allowed).toBe(false);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:DB8:ABCD:0012:ffff::1', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key and the neighbouring /64 another', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});

describe('shardShares', () => {
  it.each([
    [100, [13, 13, 13, 13, 12, 12, 12, 12]],
    [12, [2, 2, 2, 2, 1, 1, 1, 1]],
    [3, [1, 1, 1, 0, 0, 0, 0, 0]],
    [8, [1, 1, 1, 1, 1, 1, 1, 1]],
  ])('splits a ceiling of %i over the shards, adding up to it', (max, shares) => {
    expect(shardShares(max)).toEqual(shares);
    expect(shardShares(max).reduce((a, b) => a + b, 0)).toBe(max);
  });
});
