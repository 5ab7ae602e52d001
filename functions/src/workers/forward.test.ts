// The pure parts of forwarding: when the trigger sends, the cost frozen at placement, the sync's spacing.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { FulfilmentDoc } from '../services/orders/fulfilment';
import { providerCostPaisa } from '../shared/providers';
import { becameQueued } from './forward';
import { nextSyncDelayMs } from './sync';

const at = (ms: number) => Timestamp.fromMillis(ms);
const doc = (state: FulfilmentDoc['state'], queuedAt?: number): FulfilmentDoc => ({
  state,
  createdAt: at(0),
  updatedAt: at(0),
  ...(queuedAt !== undefined ? { queuedAt: at(queuedAt) } : {}),
});

describe('becameQueued', () => {
  it('sends on a placement and on a resend, not on the claim or any other write', () => {
    expect(becameQueued(undefined, doc('queued', 1))).toBe(true);
    expect(becameQueued(doc('unknown'), doc('queued', 2))).toBe(true);
    expect(becameQueued(doc('queued', 1), doc('queued', 1))).toBe(false);
    expect(becameQueued(doc('queued', 1), doc('sending', 1))).toBe(false);
    expect(becameQueued(undefined, doc('manual'))).toBe(false);
    expect(becameQueued(doc('queued', 1), undefined)).toBe(false);
  });
});

describe('providerCostPaisa', () => {
  it('is cost × rate × quantity / 1000 in paisa, exact on the decimals, half up', () => {
    expect(providerCostPaisa(0.95, 2.8, 1000)).toBe(266);
    // 0.1 × 3 is 0.30000000000000004 in floats: exactly Rs 0.30 here.
    expect(providerCostPaisa(0.1, 3, 1000)).toBe(30);
    expect(providerCostPaisa(0.0125, 280, 100)).toBe(35);
    // Rs 0.005 rounds up to a paisa, Rs 0.0049 down.
    expect(providerCostPaisa(0.05, 1, 100)).toBe(1);
    expect(providerCostPaisa(0.049, 1, 100)).toBe(0);
  });
});

describe('nextSyncDelayMs', () => {
  it('grows with the order’s age, with up to 20 % jitter', () => {
    expect(nextSyncDelayMs(0, () => 0)).toBe(120_000);
    expect(nextSyncDelayMs(30 * 60_000, () => 1)).toBe(144_000);
    expect(nextSyncDelayMs(2 * 3_600_000, () => 0)).toBe(600_000);
    expect(nextSyncDelayMs(2 * 86_400_000, () => 0)).toBe(3_600_000);
  });
});
