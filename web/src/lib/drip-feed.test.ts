import { dripFeedPrice } from '@shared/drip-feed';
import { toPaisa, toRupees } from '@shared/money';
import { describe, expect, it } from 'vitest';
import { deliverySpanMinutes, dripFeedSummary, dripRunSummary, formatMinutes, runPricePaisa, stopRefundPaisa } from '@/lib/drip-feed';

describe('drip-feed wording and arithmetic', () => {
  it('says a span of minutes in minutes, hours and days', () => {
    expect(formatMinutes(1)).toBe('1 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(150)).toBe('2 h 30 min');
    expect(formatMinutes(1440)).toBe('1 day');
    expect(formatMinutes(99 * 1440 + 61)).toBe('99 days 1 h');
  });

  it('counts the span from run 1 (at once) to the start of the last run', () => {
    expect(deliverySpanMinutes(2, 30)).toBe(30);
    expect(deliverySpanMinutes(5, 30)).toBe(120);
  });

  it('refunds on a stop exactly the runs not started, at the run price the total was made of', () => {
    // Rs 1.17 per 1000 × 333 = 39 paisa a run (half up): the total is 5 runs × 39 paisa, not 1665 × rate.
    const total = dripFeedPrice(117, 333, 5);
    expect(total).toBe(195);
    const order = {
      price: toRupees(total),
      dripFeed: { runs: 5, interval: 10, quantity: 333, runsDone: 2, nextRunAt: null, orders: [1, 2] },
    };
    expect(runPricePaisa(order)).toBe(39);
    expect(stopRefundPaisa(order)).toBe(117);
    expect(stopRefundPaisa({ ...order, dripFeed: { ...order.dripFeed, runsDone: 5 } })).toBe(0);
    expect(toPaisa(order.price)).toBe(195);
  });

  it('sums a drip-feed and names a run by its drip-feed', () => {
    expect(dripFeedSummary({ runs: 5, interval: 90, quantity: 100, runsDone: 2, nextRunAt: null, orders: [1, 2] })).toBe(
      'Drip-feed · 2 of 5 runs · every 1 h 30 min',
    );
    expect(dripRunSummary({ parent: 482913710, run: 2, runs: 5 })).toBe('Run 2 of 5 · drip-feed #482913710');
  });
});
