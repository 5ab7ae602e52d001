import { describe, expect, it } from 'vitest';
import type { ProviderOrderStatus, StatusEntry } from './answers';
import { mapUpstreamStatus, type UpstreamMapping } from './status-mapping';

const QUANTITY = 1000;
const answer = (
  status: string,
  remains: number | null = 0,
  remainsRaw: string | null = remains === null ? null : String(remains),
): StatusEntry => {
  const s: ProviderOrderStatus = { status, charge: 0.27, startCount: 10, remains, remainsRaw, currency: 'USD' };
  return { kind: 'status', status: s };
};

describe('mapUpstreamStatus', () => {
  const table: [string, StatusEntry, UpstreamMapping][] = [
    ['Pending', answer('Pending', 1000), { action: 'set', status: 'pending' }],
    ['pending in lower case', answer(' pending '), { action: 'set', status: 'pending' }],
    ['In progress', answer('In progress', 400), { action: 'set', status: 'processing' }],
    ['IN_PROGRESS', answer('IN_PROGRESS'), { action: 'set', status: 'processing' }],
    ['in-progress', answer('in-progress'), { action: 'set', status: 'processing' }],
    ['Processing', answer('Processing'), { action: 'set', status: 'processing' }],
    ['Completed', answer('Completed'), { action: 'set', status: 'completed' }],
    ['Completed whatever remains says', answer('COMPLETED', null, 'Unknown'), { action: 'set', status: 'completed' }],
    ['Partial with remains', answer('Partial', 250), { action: 'set', status: 'partial', remains: 250 }],
    ['partial in lower case', answer('partial', 1), { action: 'set', status: 'partial', remains: 1 }],
    ['Partial with remains = quantity − 1', answer('Partial', 999), { action: 'set', status: 'partial', remains: 999 }],
    [
      'Partial with remains 0: nothing to refund',
      answer('Partial', 0),
      { action: 'set', status: 'completed', notes: ['partial_nothing_left'] },
    ],
    [
      'Partial with remains = quantity: the full refund',
      answer('Partial', 1000),
      { action: 'set', status: 'cancelled', notes: ['partial_nothing_delivered'] },
    ],
    [
      'Partial with remains above the quantity: clamped to it',
      answer('Partial', 1100),
      { action: 'set', status: 'cancelled', notes: ['remains_clamped', 'partial_nothing_delivered'] },
    ],
    [
      'Partial with negative remains',
      answer('Partial', -5),
      { action: 'flag', reason: 'unusable_remains', detail: 'Partial with remains -5' },
    ],
    [
      'Partial with remains "Unknown"',
      answer('Partial', null, '"Unknown"'),
      { action: 'flag', reason: 'unusable_remains', detail: 'Partial with remains "Unknown"' },
    ],
    [
      'Partial without remains',
      answer('Partial', null),
      { action: 'flag', reason: 'unusable_remains', detail: 'Partial with remains (missing)' },
    ],
    ['Canceled', answer('Canceled', 1000), { action: 'set', status: 'cancelled' }],
    ['Cancelled', answer('Cancelled', 0), { action: 'set', status: 'cancelled' }],
    ['Refunded', answer('Refunded'), { action: 'set', status: 'cancelled' }],
    ['an unknown word', answer('Fail'), { action: 'flag', reason: 'unknown_status', detail: 'Fail' }],
    ['a near miss is not guessed', answer('Complete'), { action: 'flag', reason: 'unknown_status', detail: 'Complete' }],
    [
      'Incorrect order ID',
      { kind: 'error', error: 'Incorrect order ID' },
      { action: 'flag', reason: 'order_error', detail: 'Incorrect order ID' },
    ],
    [
      'an order the answer left out',
      { kind: 'missing' },
      { action: 'flag', reason: 'order_missing', detail: 'the provider did not answer for this order' },
    ],
    ['an entry without a status', { kind: 'unreadable', raw: '"x"' }, { action: 'flag', reason: 'unreadable_answer', detail: '"x"' }],
  ];

  it.each(table)('%s', (_name, entry, expected) => {
    expect(mapUpstreamStatus(entry, QUANTITY)).toEqual(expected);
  });

  it('a partial it sets always has remains updateOrderStatus accepts (1..quantity − 1)', () => {
    for (let quantity = 1; quantity <= 12; quantity++) {
      for (let remains = -2; remains <= quantity + 2; remains++) {
        const mapped = mapUpstreamStatus(answer('Partial', remains), quantity);
        if (mapped.action === 'set' && mapped.status === 'partial') {
          expect(mapped.remains).toBeGreaterThanOrEqual(1);
          expect(mapped.remains).toBeLessThanOrEqual(quantity - 1);
        }
      }
    }
  });
});
