import fc from 'fast-check';
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

describe('addressKey, parsed by ipaddr.js', () => {
  it.each([
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
  ])('takes the IPv4-mapped %s as the IPv4 address %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it.each([
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['::2001:db8:1:2', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    [' 2001:DB8:1:2::9 ', '2001:db8:1:2::/64'],
  ])('groups the compressed or expanded %s under %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it.each([
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['fe80::abcd%25en0', 'fe80:0:0:0::/64'],
    ['fe80::1%2', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2::1%', '2001:db8:1:2::/64'],
    ['203.0.113.7%eth0', '203.0.113.7'],
  ])('drops the zone id of %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it.each([
    ['', ''],
    ['UNKNOWN', 'unknown'],
    ['2001:db8::1::2', '2001:db8::1::2'],
    ['12345::1', '12345::1'],
    ['g::1', 'g::1'],
    ['[2001:db8::1]', '[2001:db8::1]'],
    ['2001:db8:0:0:0:0:0:0:1', '2001:db8:0:0:0:0:0:0:1'],
    ['::ffff:1.2.3', '::ffff:1.2.3'],
    ['1.2.3.4.5', '1.2.3.4.5'],
    ['999.1.1.1', '999.1.1.1'],
    ['127.1', '127.1'],
    ['0x7f.0.0.1', '0x7f.0.0.1'],
    ['2130706433', '2130706433'],
    ['<script>', '<script>'],
  ])('uses the unparsable %j as given (trimmed, lower case)', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
  const expanded = (parts: number[]) => parts.map((part) => part.toString(16).padStart(4, '0')).join(':');
  // The WHATWG URL parser's canonical (compressed) spelling: a second opinion beside ipaddr.js.
  const compressed = (parts: number[]) => new URL(`http://[${expanded(parts)}]/`).hostname.slice(1, -1);

  it('keys every spelling of an IPv6 address by its first 64 bits', () => {
    fc.assert(
      fc.property(groups, (parts) => {
        const key = addressKey(expanded(parts));
        expect(addressKey(compressed(parts))).toBe(key);
        expect(addressKey(expanded(parts).toUpperCase())).toBe(key);
        if (parts.slice(0, 5).every((part) => part === 0) && parts[5] === 0xffff) return;
        expect(key).toBe(
          `${parts
            .slice(0, 4)
            .map((part) => part.toString(16))
            .join(':')}::/64`,
        );
      }),
    );
  });

  it('gives two addresses the same key exactly when their first 64 bits agree', () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        fc.pre(a[5] !== 0xffff && b[5] !== 0xffff);
        const same = a.slice(0, 4).join() === b.slice(0, 4).join();
        expect(addressKey(compressed(a)) === addressKey(compressed(b))).toBe(same);
        expect(addressKey(compressed([...a.slice(0, 4), ...b.slice(4)]))).toBe(addressKey(compressed(a)));
      }),
    );
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
