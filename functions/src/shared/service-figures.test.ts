import { describe, expect, it } from 'vitest';
import type { ServiceFigures } from './answers';
import { badgeIssue, durationLabel, figuresOf, figuresSummary, keepRecent, serviceFacts, shownBadges } from './service-figures';

const MIN = 60_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('durationLabel', () => {
  it.each([
    [0, 'under 1 min'],
    [29, 'under 1 min'],
    [30, '1 min'],
    [14 * 60, '14 min'],
    [3600, '1 h'],
    [3 * 3600 + 5 * 60, '3 h 5 min'],
    [86_400, '1 d'],
    [2 * 86_400 + 4 * 3600 + 59, '2 d 4 h'],
  ])('%i s reads %s', (seconds, label) => expect(durationLabel(seconds)).toBe(label));
});

describe('figuresOf', () => {
  const sample = (i: number, quantity: number, durationMin: number, startMin: number) => ({
    orderId: `o${i}`,
    quantity,
    durationMs: durationMin * MIN,
    startMs: startMin * MIN,
    endedMs: NOW - i * MIN,
  });

  it('weighs the time by quantity: 2 orders of 100 and 1,900 taking 1 h each are 1 h per 1,000', () => {
    const f = figuresOf({ recent: [sample(1, 100, 60, 1), sample(2, 1900, 60, 3), sample(3, 1000, 30, 8)], days: {} }, NOW, NOW);
    // 150 minutes over 3,000 units: 50 minutes per 1,000.
    expect(f.timePer1000).toBe(50 * 60);
    expect(f.medianStart).toBe(3 * 60);
  });

  it('takes the newest 10 completed orders, each once', () => {
    const many = Array.from({ length: 15 }, (_, i) => sample(i, 1000, i + 1, i));
    const kept = keepRecent([...many, many[0] as (typeof many)[number]]);
    expect(kept.map((s) => s.orderId)).toEqual(Array.from({ length: 10 }, (_, i) => `o${i}`));
  });

  it('keeps the share of a service still New: 2 completed of 30 ended is said', () => {
    const f = figuresOf(
      { recent: [sample(1, 100, 5, 1), sample(2, 100, 5, 1)], days: { '2026-11-19': { ended: 30, completed: 2 } } },
      NOW,
      NOW,
    );
    expect(f).toMatchObject({ new: true, timePer1000: null, completedPercent: 6 });
    expect(figuresSummary(f)).toBe('New · 6% in full');
    expect(serviceFacts({ figures: f }).map((x) => `${x.label ?? ''} ${x.value}`.trim())).toEqual([
      'No refill',
      'No cancel',
      'New',
      'Completed in full 6%',
    ]);
  });

  it('says New and claims nothing under 3 completed orders; the share needs 3 ended orders', () => {
    const f = figuresOf(
      { recent: [sample(1, 100, 5, 1), sample(2, 100, 5, 1)], days: { '2026-11-20': { ended: 2, completed: 2 } } },
      NOW,
      NOW,
    );
    expect(f).toMatchObject({ new: true, timePer1000: null, medianStart: null, completedPercent: null, orders30Days: 2 });
  });

  it('rounds the share down (199 of 200 is 99 %, not 100 %) and counts only the last 30 Pakistan days', () => {
    const days = {
      '2026-11-20': { ended: 150, completed: 149 },
      '2026-10-22': { ended: 50, completed: 50 },
      '2026-10-21': { ended: 9, completed: 0 },
    };
    const f = figuresOf({ recent: [], days }, NOW, NOW);
    expect(f.completedPercent).toBe(99);
    expect(f.orders30Days).toBe(200);
  });
});

describe('badges', () => {
  const service = { refillDays: 30, cancel: false, dripfeed: false };
  const figures = (medianStart: number): ServiceFigures => ({
    new: false,
    timePer1000: 600,
    medianStart,
    completedPercent: 97,
    orders30Days: 40,
    asOf: new Date(NOW).toISOString(),
  });

  it.each([
    ['HQ', null],
    ['30-day refill', null],
    ['Refill 30 days', null],
    ['60 days refill', 'says 60 days, but the refill window is 30 days'],
    ['No refill', 'says no refill, but the service has a 30-day refill'],
    ['Cancel anytime', 'says cancel, but the service does not allow cancel'],
    ['No cancel', null],
    ["Can't cancel", null],
    ['Cancel: no', null],
    ['Drip-feed', 'says drip-feed, but the service has no drip-feed'],
    ['Lifetime refill', 'says a lifetime refill, but the refill window is 30 days'],
    ['1 month refill', null],
    ['Refill 1 year', 'says 365 days, but the refill window is 30 days'],
    // A denial of one thing is no pass for the others.
    ['No drop, cancel', 'says cancel, but the service does not allow cancel'],
  ])('%s against a 30-day refill, no cancel, no drip-feed: %s', (badge, issue) => expect(badgeIssue(badge, service)).toBe(issue));

  it('refill claims against a service without refill', () => {
    expect(badgeIssue('Lifetime refill', { ...service, refillDays: 0 })).toBe('says refill, but the service has no refill');
    expect(badgeIssue('No refill', { ...service, refillDays: 0 })).toBeNull();
  });

  it('"Instant" stands while the measured median start is under an hour, and is hidden once it is not', () => {
    expect(badgeIssue('Instant start', { ...service, figures: figures(300) })).toBeNull();
    expect(badgeIssue('Instant start', { ...service, figures: figures(2 * 3600) })).toBe('says fast, but its orders start in 2 h (median)');
    expect(shownBadges(['Instant start', 'HQ'], { ...service, figures: figures(2 * 3600) })).toEqual(['HQ']);
    expect(badgeIssue('Instantly', { ...service, figures: figures(2 * 3600) })).toBe('says fast, but its orders start in 2 h (median)');
    // The chip this replaces, as a badge, against what its orders do.
    expect(badgeIssue('Start 0-5 min', { ...service, figures: figures(240) })).toBeNull();
    expect(badgeIssue('Start 0-5 min', { ...service, figures: figures(900) })).toBe(
      'says it starts in 5 min, but its orders start in 15 min (median)',
    );
    expect(badgeIssue('No refill, instant', { ...service, refillDays: 0, figures: figures(7200) })).toBe(
      'says fast, but its orders start in 2 h (median)',
    );
    // A new service has no figure to contradict it.
    expect(badgeIssue('Instant', { ...service, figures: { ...figures(9999), new: true } })).toBeNull();
  });
});
