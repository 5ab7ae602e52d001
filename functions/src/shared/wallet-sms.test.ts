import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletSmsFixtures } from '../../../tests/fixtures/wallet-sms';
import { formatPayerNumber, normalizePayerNumber, parseWalletSms, payerAgrees, payerDigitsOf, walletKindOf } from './wallet-sms';

const fixtures = walletSmsFixtures;

describe('parseWalletSms on the wallets’ own messages', () => {
  it.each(fixtures.filter((f) => f.expect).map((f) => [f.id, f] as const))('reads %s', (_id, fixture) => {
    const parsed = parseWalletSms(walletKindOf(fixture.wallet), fixture.text);
    expect(parsed).toMatchObject({
      kind: 'payment',
      amountPaisa: (fixture.expect?.amount ?? 0) * 100,
      tid: fixture.expect?.tid,
      payerDigits: fixture.expect?.payerDigits,
    });
  });

  it.each(fixtures.filter((f) => !f.expect).map((f) => [f.id, f] as const))('never reads %s as a payment', (_id, fixture) => {
    expect(parseWalletSms(walletKindOf(fixture.wallet), fixture.text).kind).not.toBe('payment');
  });

  it('keeps a look-alike of an incoming payment as unparsed, and outgoing payments and offers as ignored', () => {
    const kindOf = (id: string) => {
      const fixture = fixtures.find((f) => f.id === id);
      if (!fixture) throw new Error(id);
      return parseWalletSms(walletKindOf(fixture.wallet), fixture.text).kind;
    };
    expect(kindOf('fake-lookalike')).toBe('unparsed');
    for (const id of ['ep-sent', 'ep-raast-sent', 'payfast-approval', 'payfast-paid', 'promo']) expect(kindOf(id)).toBe('ignored');
  });

  it('reads a message only with its own wallet’s templates', () => {
    const jazz = fixtures.find((f) => f.id === 'jc-received');
    expect(parseWalletSms('easypaisa', jazz?.text ?? '').kind).toBe('unparsed');
    expect(parseWalletSms(null, jazz?.text ?? '').kind).toBe('unparsed');
  });

  it('takes the whole message or nothing: text before or after a real one makes it no payment', () => {
    const real = fixtures.find((f) => f.id === 'ep-received')?.text ?? '';
    expect(parseWalletSms('easypaisa', real).kind).toBe('payment');
    expect(parseWalletSms('easypaisa', `Fwd: ${real}`).kind).toBe('unparsed');
    expect(parseWalletSms('easypaisa', `${real} Claim your prize at bit.ly/x`).kind).toBe('unparsed');
    // Line breaks and repeated spaces as phones join long messages are not a difference.
    expect(parseWalletSms('easypaisa', real.replace(/ /g, '\n  '))).toMatchObject({ kind: 'payment', tid: '31455290817' });
  });

  it('reads amounts with separators and paisa exactly', () => {
    const text = (amount: string) => `Trx ID 31455290817. You have Received Rs ${amount} from ALI with Easypaisa Account 92345****67.`;
    expect(parseWalletSms('easypaisa', text('1,234,567.5'))).toMatchObject({ amountPaisa: 123456750 });
    expect(parseWalletSms('easypaisa', text('0.01'))).toMatchObject({ amountPaisa: 1 });
    expect(parseWalletSms('easypaisa', text('0.00')).kind).not.toBe('payment');
    expect(parseWalletSms('easypaisa', text('12,34.00')).kind).not.toBe('payment');
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.constantFrom('easypaisa' as const, 'jazzcash' as const, null), fc.string({ maxLength: 400 }), (wallet, text) => {
        const parsed = parseWalletSms(wallet, text);
        expect(['payment', 'unparsed', 'ignored']).toContain(parsed.kind);
      }),
    );
  });
});

describe('the payer', () => {
  it.each([
    ['0345 1234567', '03451234567'],
    ['+92 345 1234567', '03451234567'],
    ['0092-345-1234567', '03451234567'],
    ['923451234567', '03451234567'],
    ['3451234567', '03451234567'],
    ['pk36 sada 0000 0012 3456 8812', 'PK36SADA0000001234568812'],
    ['01234567891011', '01234567891011'],
  ])('normalizes %s to %s', (input, expected) => {
    expect(normalizePayerNumber(input)).toBe(expected);
  });

  it.each(['', '0345 123456', '034512345678', '04512345678', 'abc', '+1 650 555 1212', '1234567', '92345123456789'])(
    'refuses %j',
    (input) => {
      expect(normalizePayerNumber(input)).toBeNull();
    },
  );

  it('agrees only when the digits the message shows begin and end the number', () => {
    expect(payerAgrees({ prefix: '345', suffix: '67' }, '03451234567')).toBe(true);
    expect(payerAgrees({ prefix: '345', suffix: '67' }, '03461234567')).toBe(false);
    expect(payerAgrees({ prefix: '345', suffix: '67' }, '03451234568')).toBe(false);
    expect(payerAgrees({ prefix: '', suffix: '4567' }, '03451234567')).toBe(true);
    expect(payerAgrees({ prefix: '', suffix: '8812' }, 'PK36SADA0000001234568812')).toBe(true);
    expect(payerAgrees({ prefix: '', suffix: '1011' }, '01234567891011')).toBe(true);
    // Too little shown to prove anything.
    expect(payerAgrees({ prefix: '', suffix: '567' }, '03451234567')).toBe(false);
    expect(payerAgrees({ prefix: '3451', suffix: '' }, '03451234567')).toBe(false);
  });

  it('reads the shown digits of a masked or whole account', () => {
    expect(payerDigitsOf('92345****67', '92')).toEqual({ prefix: '345', suffix: '67' });
    expect(payerDigitsOf('*******4321')).toEqual({ prefix: '', suffix: '4321' });
    expect(payerDigitsOf('PK**SADAPKKA****8812')).toEqual({ prefix: '', suffix: '8812' });
    expect(payerDigitsOf('01234567891011')).toEqual({ prefix: '', suffix: '1011' });
  });

  it('formats a number for the admin', () => {
    expect(formatPayerNumber('03451234567')).toBe('0345 1234567');
    expect(formatPayerNumber('PK36SADA0000001234568812')).toBe('PK36 SADA 0000 0012 3456 8812');
  });
});
