import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { toPaisa } from './money';
import { createServiceBody } from './schemas/catalogue';
import { describeZodError, rupees } from './schemas/fields';
import { addBalanceBody } from './schemas/money';
import { placeOrderBody } from './schemas/orders';

const params = { numRuns: 2000 };

const refusal = (result: { success: boolean; error?: Parameters<typeof describeZodError>[0] }) =>
  result.success || !result.error ? null : describeZodError(result.error);

describe('rupees()', () => {
  it('accepts only amounts that are at least one paisa once converted', () => {
    const schema = rupees();
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (amount) => {
        const result = schema.safeParse(amount);
        if (result.success) expect(toPaisa(result.data)).toBeGreaterThanOrEqual(1);
      }),
      params,
    );
  });

  it('refuses less than a paisa with its own message; 0 and negatives keep theirs; Rs 0.01 passes', () => {
    const check = (amount: number) => refusal(addBalanceBody.safeParse({ email: 'a@example.com', amount }));
    for (const amount of [1e-9, Number.MIN_VALUE, 0.009]) {
      expect(check(amount), String(amount)).toEqual({ message: 'Amount must be at least Rs 0.01', field: 'amount' });
    }
    for (const amount of [0, -0.01]) {
      expect(check(amount), String(amount)).toEqual({ message: 'Amount must be greater than 0', field: 'amount' });
    }
    expect(check(0.01)).toBeNull();
  });
});

describe('placeOrderBody serviceId', () => {
  const body = (serviceId: unknown) => ({ serviceId, link: 'https://www.tiktok.com/@a', quantity: 100 });

  it('accepts every catalogue id and refuses, as not found, ids that cannot name a service document', () => {
    for (const item of CATALOGUE) expect(placeOrderBody.safeParse(body(item.id)).success, item.id).toBe(true);
    for (const serviceId of ['a/b', '..', '.', '__x__', 'TT-VIEWS', 'tt views', 'x'.repeat(101)]) {
      expect(refusal(placeOrderBody.safeParse(body(serviceId))), serviceId).toEqual({ message: 'Service not found', field: 'serviceId' });
    }
    expect(refusal(placeOrderBody.safeParse(body('')))).toEqual({ message: 'Service is required', field: 'serviceId' });
  });
});

describe('addBalanceBody names the account by email or by userId, exactly one', () => {
  const check = (body: unknown) => refusal(addBalanceBody.safeParse(body));

  it('accepts either', () => {
    expect(addBalanceBody.parse({ email: ' A@Example.com ', amount: 5 })).toEqual({ email: 'a@example.com', amount: 5 });
    expect(addBalanceBody.parse({ userId: ' u1 ', amount: 5 })).toEqual({ userId: 'u1', amount: 5 });
  });

  it('refuses neither, both, and an empty or overlong userId', () => {
    expect(check({ amount: 5 })).toEqual({ message: 'Email is required', field: 'email' });
    expect(check({ email: 'a@example.com', userId: 'u1', amount: 5 })).toEqual({
      message: 'Send either an email or a userId, not both',
      field: 'userId',
    });
    expect(check({ userId: ' ', amount: 5 })).toEqual({ message: 'User not found', field: 'userId' });
    expect(check({ userId: 'x'.repeat(129), amount: 5 })).toEqual({ message: 'User not found', field: 'userId' });
  });
});

describe('createServiceBody', () => {
  const valid = { platform: 'tiktok', category: 'Views', name: 'Views', ratePer1000: 20, min: 100, max: 1000, defaultQuantity: 100 };
  it('takes a description of several lines, and refuses other control or format characters in it', () => {
    expect(createServiceBody.safeParse({ ...valid, description: 'Fast.\nStarts in 5 min.' }).success).toBe(true);
    expect(createServiceBody.safeParse({ ...valid, description: 'Fast\u0007' }).error?.issues[0]?.message).toBe(
      'Description cannot contain control or formatting characters',
    );
    expect(createServiceBody.safeParse({ ...valid, description: 'a\u202eb' }).success).toBe(false);
  });
});
