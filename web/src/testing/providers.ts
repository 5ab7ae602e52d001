import type { Provider } from '@shared/providers';

/** A provider as GET /api/admin/providers answers it: funded, checked, nothing waiting; `fields` change any of it. */
export function providerFixture(id: string, fields: Partial<Provider> = {}): Provider {
  return {
    _id: id,
    name: `Panel ${id}`,
    url: `https://${id}.example/api/v2`,
    keyHint: '…9f2c',
    currency: 'USD',
    rateToPkr: 278.5,
    active: true,
    balance: 12.5,
    balanceCheckedAt: '2025-01-02T03:04:05.000Z',
    lowBalance: false,
    lowBalanceBelow: null,
    serviceCount: 3,
    balanceError: null,
    orders: { waiting: 0, failed: 0, unknown: 0 },
    ...fields,
  };
}
