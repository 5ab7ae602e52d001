// The ceiling over all addresses together: rotating client addresses cannot lift it. The ceiling is
// lowered for this file (it is configuration; production's default is in lib/config.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const CEILING = vi.hoisted(() => {
  process.env.PUBLIC_WRITE_CEILING_PER_HOUR = '12';
  return 12;
});

import { apiServerForFile, call } from '../../../../tests/support/api';
import { db } from '../../lib/admin';
import { CEILING_SHARDS } from './rate-limit';

const api = apiServerForFile();
afterAll(() => {
  delete process.env.PUBLIC_WRITE_CEILING_PER_HOUR;
});

let addresses = 0;
/** A client address never used before, behind production's proxy chain. */
const freshAddress = () => {
  addresses += 1;
  return `${addresses % 200}.${Math.floor(addresses / 200) % 250}.7.9, 35.191.0.1`;
};
const contact = (tag: string) =>
  call(api.url, 'POST', '/api/contact', {
    body: { name: tag, email: 'a@example.com', message: 'Hello' },
    headers: { 'X-Forwarded-For': freshAddress() },
  });
const review = (tag: string) =>
  call(api.url, 'POST', '/api/review', {
    body: { name: tag, rating: 5, comment: 'Good' },
    headers: { 'X-Forwarded-For': freshAddress() },
  });
const stored = async (collection: string, tag: string) => (await db.collection(collection).where('name', '==', tag).get()).size;

/** The ceiling counts in clock hours: a test that starts in an hour's last seconds waits for the next. */
beforeAll(async () => {
  const intoHour = Date.now() % 3_600_000;
  if (intoHour > 3_600_000 - 60_000) await new Promise((done) => setTimeout(done, 3_600_000 - intoHour + 1000));
});

describe('the ceiling per scope over all addresses', () => {
  it('refuses contact messages past the ceiling even when each comes from a new address, with Retry-After', async () => {
    const answers = [];
    for (let n = 0; n < CEILING + 3; n += 1) answers.push(await contact('Rotating'));
    expect(answers.slice(0, CEILING).map((a) => a.status)).toEqual(Array(CEILING).fill(201));
    for (const refused of answers.slice(CEILING)) {
      expect(refused).toMatchObject({ status: 429, body: { message: 'Too many requests, try again later', code: 'rate_limited' } });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await stored('contactMessages', 'Rotating')).toBe(CEILING);
    // Its counters are split over shards, none holding more than its share.
    const shards = await db.collection('rateCeilings').where('scope', '==', 'contact').get();
    expect(shards.size).toBeLessThanOrEqual(CEILING_SHARDS);
    expect(shards.docs.reduce((sum, d) => sum + (d.get('count') as number), 0)).toBe(CEILING);
  });

  it('is exact under concurrency: of 20 reviews at once from 20 addresses, 12 are stored', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => review('Burst')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CEILING);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - CEILING);
    // Posted reviews wait for approval in reviewQueue.
    expect(await stored('reviewQueue', 'Burst')).toBe(CEILING);
  });
});
