import { AUDIT_TYPES, type AuditType } from '@shared/audit';
import { MESSAGES } from '@shared/messages';
import type { AuditEntry } from '@shared/schemas/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuditPanel } from '@/features/admin/reports/components/audit-panel';
import { auditSentence, sentenceText } from '@/features/admin/reports/components/audit-sentences';
import { admin, fakeAuth, ignoreUnknownSearchElement, mockApi, renderApp } from '@/testing/render';

const ali = { _id: 'u1', name: 'Ali Khan', email: 'ali@example.com' };
const realFollowers = { _id: 's1', number: 101, name: 'Real Followers' };
const demo = { _id: 'p1', name: 'Demo', currency: 'USD' };

/** An entry of `action` by boss@example.com, with what its writer records. */
const entryOf = (action: AuditType, fields: Partial<AuditEntry>): AuditEntry => ({
  _id: `a-${action}`,
  subject: 'orders/1042',
  action,
  by: 'boss@example.com',
  byUid: 'b1',
  at: '2026-01-01T10:00:00.000Z',
  ...fields,
});

const serviceFields = { platform: 'tiktok', category: 'Followers', ratePer1000: 250, min: 100, max: 10_000, defaultQuantity: 1000 };
const wallet = (provider: string, accountNumber: string) => ({ provider, accountNumber, accountName: 'Shohrat Shop' });

/** Each kind of action as its writer records it (functions/src, recordAudit), and the sentence it reads as. */
const SENTENCES: Record<AuditType, [Partial<AuditEntry>, string]> = {
  credit: [
    {
      subject: 'recharges/r1',
      user: ali,
      before: { balance: 100 },
      after: { userId: 'u1', email: 'ali@example.com', amount: 500, balance: 600 },
      reason: 'cash at shop',
    },
    'Credited Rs\u00a0500 to Ali Khan (ali@example.com). Balance Rs\u00a0100 → Rs\u00a0600. Reason: cash at shop.',
  ],
  approve: [
    {
      subject: 'rechargeRequests/q1',
      user: ali,
      before: { status: 'pending' },
      after: { status: 'approved', userId: 'u1', amount: 1000, rechargeId: 'r2' },
      reason: 'Matched the Easypaisa SMS of transaction 0123456789, forwarded by wallet phone “Shop phone”',
    },
    'Approved the top-up of Rs\u00a01,000 from Ali Khan (ali@example.com). Reason: Matched the Easypaisa SMS of transaction 0123456789, forwarded by wallet phone “Shop phone”.',
  ],
  reject: [
    {
      subject: 'rechargeRequests/q2',
      user: ali,
      before: { status: 'pending' },
      after: { status: 'rejected', userId: 'u1', amount: 200, freedSms: ['e1'] },
      reason: 'No such payment',
    },
    'Rejected the top-up of Rs\u00a0200 from Ali Khan (ali@example.com). 1 wallet SMS it held may match another request now. Reason: No such payment.',
  ],
  adjust: [
    {
      subject: 'users/u1',
      user: ali,
      before: { balance: 600 },
      after: { balance: 550, amount: -50, ledgerEntry: 'adjustment-1' },
      reason: 'Double credit',
    },
    'Took Rs\u00a050 from the balance of Ali Khan (ali@example.com). Balance Rs\u00a0600 → Rs\u00a0550. Reason: Double credit.',
  ],
  status: [
    { user: ali, before: { status: 'pending' }, after: { status: 'partial', remains: 400, refund: 12.5, userId: 'u1' } },
    'Set order #1042 to Partial with 400 not delivered (was Pending). Refunded Rs\u00a012.50 to Ali Khan (ali@example.com).',
  ],
  password_reset: [{ subject: 'users/u1', user: ali, after: { userId: 'u1' } }, 'Set a new password for Ali Khan (ali@example.com).'],
  block: [
    {
      subject: 'users/u1',
      user: ali,
      before: { blocked: null },
      after: { blocked: { reason: 'Chargeback', at: '2026-01-01T10:00:00.000Z' } },
      reason: 'Chargeback',
    },
    'Blocked Ali Khan (ali@example.com). Reason: Chargeback.',
  ],
  unblock: [
    {
      subject: 'users/u1',
      user: ali,
      before: { blocked: { reason: 'Chargeback', at: '2026' } },
      after: { blocked: null },
      reason: 'Paid back',
    },
    'Unblocked Ali Khan (ali@example.com). Reason: Paid back.',
  ],
  service_create: [
    {
      subject: 'services/s1',
      service: realFollowers,
      before: null,
      after: { number: 101, name: 'Real Followers', ...serviceFields, description: '', refillDays: 30, active: true, badges: [] },
    },
    'Created service 101 Real Followers in TikTok Followers at Rs\u00a0250 per 1,000 (orders of 100 to 10,000).',
  ],
  service_update: [
    { subject: 'services/s1', service: realFollowers, before: { ratePer1000: 250 }, after: { ratePer1000: 300 } },
    'Changed the rate of service 101 Real Followers from Rs\u00a0250 to Rs\u00a0300 per 1,000.',
  ],
  service_delete: [
    {
      subject: 'services/s9',
      before: { number: 105, name: 'Fast Likes', ...serviceFields, platform: 'instagram', category: 'Likes', min: 10, max: 5000 },
      after: null,
    },
    'Deleted service 105 Fast Likes in Instagram Likes at Rs\u00a0250 per 1,000 (orders of 10 to 5,000).',
  ],
  price_bulk: [
    {
      subject: 'services',
      before: { rates: { a: 20, b: 30 } },
      after: { percent: 10, platform: 'tiktok', category: 'Views', rates: { a: 22, b: 33 } },
    },
    'Raised the rates of 2 TikTok Views services by 10%.',
  ],
  category_update: [
    {
      subject: 'catalogue/categories',
      before: { platform: 'tiktok', category: 'Views', order: ['Views', 'Likes'] },
      after: { platform: 'tiktok', category: 'Video Views', order: ['Video Views', 'Likes'], services: ['a', 'b'] },
    },
    'Renamed the TikTok category “Views” to “Video Views” (2 services).',
  ],
  settings: [
    {
      subject: 'settings/autopilot',
      before: { enabled: true, maxAmount: 10_000, firstTopUpMax: 2000, dailyCount: 3 },
      after: { enabled: true, maxAmount: 5000, firstTopUpMax: 2000, dailyCount: 3 },
    },
    'Changed the auto-credit limit of the top-up autopilot from Rs\u00a010,000 to Rs\u00a05,000.',
  ],
  refill_complete: [
    { subject: 'refills/9', user: ali, before: { status: 'pending' }, after: { status: 'completed', orderId: '1042', userId: 'u1' } },
    'Completed the refill of order #1042 for Ali Khan (ali@example.com).',
  ],
  refill_reject: [
    {
      subject: 'refills/9',
      user: ali,
      before: { status: 'pending' },
      after: { status: 'rejected', orderId: '1042', userId: 'u1' },
      reason: 'The count did not drop',
    },
    'Rejected the refill of order #1042 for Ali Khan (ali@example.com). Reason: The count did not drop.',
  ],
  provider_create: [
    {
      subject: 'providers/p1',
      providers: [demo],
      before: null,
      after: {
        name: 'Demo',
        url: 'https://demo.example/api/v2',
        keyHint: '…93a8',
        currency: 'USD',
        rateToPkr: 280,
        active: true,
        lowBalanceBelow: null,
      },
    },
    'Added provider Demo (https://demo.example/api/v2), paid in USD at 1 USD = Rs\u00a0280.',
  ],
  provider_update: [
    {
      subject: 'providers/p1',
      providers: [demo],
      before: { rateToPkr: 280, keyHint: '…93a8' },
      after: { rateToPkr: 285, keyHint: '…1b2c', keyChanged: true },
    },
    'Changed provider Demo: the exchange rate from 1 USD = Rs\u00a0280 to 1 USD = Rs\u00a0285; the API key from key ending 93a8 to key ending 1b2c.',
  ],
  service_import: [
    {
      subject: 'services/s2',
      service: { _id: 's2', number: 205, name: 'Instagram Followers' },
      providers: [demo],
      before: null,
      after: {
        number: 205,
        name: 'Instagram Followers',
        ...serviceFields,
        platform: 'instagram',
        provider: { id: 'p1', serviceId: '7', cost: 0.5 },
        cancelAllowed: false,
      },
    },
    'Imported service 205 Instagram Followers from provider Demo (their service 7 at USD\u00a00.50 per 1,000) in Instagram Followers at Rs\u00a0250 per 1,000 (orders of 100 to 10,000).',
  ],
  order_resend: [
    {
      providers: [demo],
      before: { state: 'failed', providerId: 'p1', providerServiceId: '7', cost: 10, error: 'Not enough funds' },
      after: { state: 'queued', providerId: 'p1', providerServiceId: '7', cost: 12.5, userId: 'u1' },
    },
    'Sent order #1042 to provider Demo again (their service 7, cost Rs\u00a012.50). It had failed: Not enough funds.',
  ],
  order_mark_sent: [
    {
      providers: [demo],
      before: { state: 'unknown', providerId: 'p1', providerServiceId: '7' },
      after: { state: 'sent', providerOrderId: '5555', userId: 'u1' },
    },
    'Marked order #1042 as sent to provider Demo, their order 5555 (it was in doubt).',
  ],
  service_sync: [
    {
      subject: 'services/s2',
      by: 'service-sync',
      byUid: 'system',
      service: { _id: 's2', number: 205, name: 'Instagram Followers' },
      before: { cost: 0.5, active: true },
      after: { cost: 0.6, active: false },
      reason: 'withdrawn by provider',
    },
    'Synced service 205 Instagram Followers with its provider: the provider’s cost from 0.5 to 0.6 per 1,000; took it off sale. Reason: withdrawn by provider.',
  ],
  order_cancel_request: [
    {
      providers: [demo],
      after: { cancel: 'refused', providerId: 'p1', providerOrderId: '5555', error: 'Order in progress', userId: 'u1' },
    },
    'Asked provider Demo to cancel order #1042 (their order 5555): it refused (Order in progress).',
  ],
  order_refund_without_provider: [
    {
      user: ali,
      providers: [demo],
      before: { status: 'processing', fulfilment: 'sent' },
      after: {
        status: 'cancelled',
        refund: 20,
        providerId: 'p1',
        providerOrderId: '5555',
        risk: MESSAGES.refundWithoutProviderRisk,
        userId: 'u1',
      },
      reason: 'Provider closed its panel',
    },
    'Closed order #1042 without provider Demo’s confirmation: set it to Cancelled and refunded Rs\u00a020 to Ali Khan (ali@example.com). The provider may still deliver or have delivered: you refund without its confirmation. Reason: Provider closed its panel.',
  ],
  ticket_reply: [
    { subject: 'tickets/t1', before: { state: 'open' }, after: { state: 'answered', messageId: 'm1' } },
    'Answered a support ticket.',
  ],
  ticket_close: [{ subject: 'tickets/t1', before: { state: 'answered' }, after: { state: 'closed' } }, 'Closed a support ticket.'],
  saved_reply_create: [
    { subject: 'savedReplies/r1', after: { title: 'Refund times', body: 'Within a day.' } },
    'Added the saved reply “Refund times”.',
  ],
  saved_reply_update: [
    { subject: 'savedReplies/r1', before: { title: 'Refund times', body: 'Within a day.' }, after: { title: 'Refunds', body: 'At once.' } },
    'Renamed the saved reply “Refund times” to “Refunds” and changed its text.',
  ],
  saved_reply_delete: [
    { subject: 'savedReplies/r1', before: { title: 'Refunds', body: 'At once.' } },
    'Deleted the saved reply “Refunds”.',
  ],
  export: [
    { subject: 'exports/orders?from=2026-01-01&to=2026-01-31', after: { kind: 'orders', from: '2026-01-01', to: '2026-01-31' } },
    'Exported the orders from 1 Jan 2026 to 31 Jan 2026 as CSV.',
  ],
  wallet_device_create: [
    { subject: 'walletDevices/d1', after: { name: 'Shop phone', wallet: 'Easypaisa', senders: ['3737', '8558'] } },
    'Paired the wallet phone “Shop phone” for Easypaisa (SMS from 3737, 8558).',
  ],
  wallet_device_revoke: [
    {
      subject: 'walletDevices/d1',
      before: { revokedAt: null },
      after: { revokedAt: '2026-01-02T00:00:00.000Z', name: 'Shop phone', wallet: 'Easypaisa' },
    },
    'Revoked the wallet phone “Shop phone” (Easypaisa).',
  ],
  wallet_event_dismiss: [
    {
      subject: 'walletEvents/e1',
      before: { status: 'unmatched' },
      after: { status: 'dismissed', wallet: 'JazzCash', tid: '123456789012', amount: 500 },
      reason: 'A test payment',
    },
    'Dismissed the JazzCash SMS of transaction 123456789012 (Rs\u00a0500). Reason: A test payment.',
  ],
  review_approve: [
    { subject: 'reviewQueue/v1', before: { status: 'pending' }, after: { status: 'approved', name: 'Sara', rating: 5 } },
    'Approved Sara’s 5-star review for the About page.',
  ],
  review_reject: [
    {
      subject: 'reviewQueue/v1',
      before: { status: 'pending' },
      after: { status: 'rejected', name: 'Sara', rating: 2 },
      reason: 'Advertising',
    },
    'Rejected Sara’s 2-star review. Reason: Advertising.',
  ],
  mfa_enroll: [{ subject: 'adminMfa/b1', after: { again: false } }, 'Set up two-step sign-in.'],
  mfa_verify: [{ subject: 'adminMfa/b1', after: { with: 'authenticator app' } }, 'Signed in with the second step (authenticator app).'],
  mfa_failed: [{ subject: 'adminMfa/b1', after: { when: 'sign-in' } }, 'Entered a wrong two-step code at sign-in.'],
  mfa_reset: [
    {
      subject: 'adminMfa/a2',
      user: { _id: 'a2', name: 'Sana Admin', email: 'sana@example.com' },
      before: { enrolled: true },
      after: { enrolled: false },
    },
    'Reset the two-step sign-in of Sana Admin (sana@example.com): they set it up again at their next sign-in.',
  ],
  update_entry: [
    { subject: 'updates/x1', before: { hidden: false, note: null }, after: { hidden: true, note: 'Back soon' } },
    'Hid an entry of the updates feed and set its note to “Back soon”.',
  ],
  terms_update: [
    { subject: 'terms/3', before: { version: 2, characters: 1200 }, after: { version: 3, characters: 1350 } },
    'Saved version 3 of the terms (1,350 characters; version 2 had 1,200).',
  ],
  pricing_update: [
    {
      subject: 'users/u1',
      user: ali,
      before: { tier: null, percent: 5, rates: { 'svc-1': 12, 'svc-2': 30 } },
      after: { tier: 'Gold', percent: null, rates: { 'svc-1': 10.5, 'svc-3': 40 }, email: 'ali@example.com' },
    },
    'Changed the pricing of Ali Khan (ali@example.com): set the tier by hand to Gold; cleared their own percent (was 5%); the fixed rate of service svc-1 from Rs\u00a012 to Rs\u00a010.50 per 1,000; removed the fixed rate of service svc-2; a fixed rate of Rs\u00a040 per 1,000 for service svc-3.',
  ],
  tier_change: [
    {
      subject: 'users/u1',
      user: ali,
      before: { tier: 'Silver' },
      after: { tier: 'Gold', email: 'ali@example.com', credited: 100_500, rechargeId: 'r7' },
    },
    'Moved Ali Khan (ali@example.com) up to the Gold tier (from Silver): Rs\u00a0100,500 credited in all.',
  ],
  top_up_reverse: [
    {
      subject: 'recharges/r1',
      user: ali,
      before: { amount: 1000 },
      after: { userId: 'u1', amount: 1000, commission: 50, referrerId: 'u9' },
      reason: 'Chargeback from Easypaisa',
    },
    'Reversed the top-up of Rs\u00a01,000 credited to Ali Khan (ali@example.com). Took its referral commission of Rs\u00a050 back from their referrer. Reason: Chargeback from Easypaisa.',
  ],
};

const said = (action: AuditType, fields: Partial<AuditEntry>) => sentenceText(auditSentence(entryOf(action, fields)));

describe('auditSentence', () => {
  it.each(AUDIT_TYPES)('writes the entry of %s as a sentence', (action) => {
    const [fields, sentence] = SENTENCES[action];
    expect(said(action, fields)).toBe(sentence);
  });

  it('names a change of one field whole, several as a list, and a deed as a deed', () => {
    const service = { subject: 'services/s1', service: realFollowers, providers: [demo] };
    expect(said('service_update', { ...service, before: { active: true }, after: { active: false } })).toBe(
      'Took service 101 Real Followers off sale.',
    );
    expect(
      said('service_update', {
        ...service,
        before: { min: 100, description: 'Old words', provider: null, badges: [] },
        after: { min: 50, description: 'New words', provider: { id: 'p1', serviceId: '7', cost: 0.95 }, badges: ['Fast', 'Real'] },
      }),
    ).toBe(
      'Changed service 101 Real Followers: the minimum quantity from 100 to 50; a new description; the provider from none (handled by hand) to provider Demo’s service 7 at USD\u00a00.95 per 1,000; the badges from none to Fast, Real.',
    );
    expect(
      said('provider_update', { subject: 'providers/p1', providers: [demo], before: { active: true }, after: { active: false } }),
    ).toBe('Turned provider Demo off.');
    expect(said('provider_update', { subject: 'providers/p1', providers: [demo], before: {}, after: { keyChanged: true } })).toBe(
      'Changed provider Demo: a new API key.',
    );
  });

  it('says the other shapes each writer records', () => {
    expect(said('status', { before: { status: 'pending' }, after: { status: 'completed', userId: 'u1' } })).toBe(
      'Set order #1042 to Completed (was Pending).',
    );
    expect(
      said('adjust', { subject: 'users/u1', user: ali, before: { balance: 0 }, after: { balance: 50, amount: 50 }, reason: 'Bonus.' }),
    ).toBe('Added Rs\u00a050 to the balance of Ali Khan (ali@example.com). Balance Rs\u00a00 → Rs\u00a050. Reason: Bonus.');
    expect(said('approve', { user: ali, after: { status: 'approved', userId: 'u1', amount: 900, requested: 1000 } })).toBe(
      'Approved the top-up from Ali Khan (ali@example.com): credited Rs\u00a0900 of the Rs\u00a01,000 asked.',
    );
    expect(
      said('category_update', {
        subject: 'catalogue/categories',
        before: { platform: 'instagram', order: ['Likes', 'Followers'] },
        after: { platform: 'instagram', order: ['Followers', 'Likes'] },
      }),
    ).toBe('Reordered the Instagram categories: Followers, Likes.');
    expect(
      said('settings', {
        subject: 'settings/public',
        before: { wallets: [wallet('Easypaisa', '0300-1'), wallet('JazzCash', '0300-2')], supportChat: 'https://wa.me/1' },
        after: { wallets: [wallet('Easypaisa', '0300-1'), wallet('JazzCash', '0300-9')], supportChat: 'https://wa.me/2' },
      }),
    ).toBe(
      'Changed the payment and support settings: added the wallet account JazzCash 0300-9 (Shohrat Shop); removed the wallet account JazzCash 0300-2 (Shohrat Shop); the support chat link from https://wa.me/1 to https://wa.me/2.',
    );
    expect(
      said('settings', {
        subject: 'settings/forwarding',
        before: { marginThresholdPercent: 10, disableBelowMargin: false, failedRefundHours: null },
        after: { marginThresholdPercent: 15, disableBelowMargin: true, failedRefundHours: 24 },
      }),
    ).toBe(
      'Changed the forwarding settings: the margin alert threshold from 10% to 15%; set it to take services under the margin off sale; the refund of failed orders from never to after 24 hours.',
    );
    expect(
      said('settings', {
        subject: 'settings/tiers',
        before: { tiers: [] },
        after: {
          tiers: [
            { name: 'Bronze', thresholdPaisa: 0, percent: 0 },
            { name: 'Silver', thresholdPaisa: 2_500_000, percent: 3.5 },
          ],
        },
      }),
    ).toBe('Changed the price tiers: now Bronze from Rs\u00a00 (0% off), Silver from Rs\u00a025,000 (3.5% off).');
    expect(said('settings', { subject: 'settings/tiers', before: { tiers: [{ name: 'Gold' }] }, after: { tiers: [] } })).toBe(
      'Changed the price tiers: removed every tier.',
    );
    expect(
      said('settings', { subject: 'settings/referrals', before: { enabled: true, percent: 5 }, after: { enabled: true, percent: 7.5 } }),
    ).toBe('Changed the commission of the referral programme from 5% to 7.5%.');
    expect(
      said('settings', { subject: 'settings/referrals', before: { enabled: true, percent: 5 }, after: { enabled: false, percent: 5 } }),
    ).toBe('Turned the referral programme off.');
    expect(
      said('adjust', {
        subject: 'users/u1',
        user: ali,
        before: { balance: 1200 },
        after: { balance: 200, amount: -1000, ledgerEntry: 'reverse-r1', rechargeId: 'r1' },
        reason: 'Paid twice',
      }),
    ).toBe(
      'Took Rs\u00a01,000 from the balance of Ali Khan (ali@example.com) to reverse a top-up. Balance Rs\u00a01,200 → Rs\u00a0200. Reason: Paid twice.',
    );
    expect(said('top_up_reverse', { subject: 'recharges/r1', before: { amount: 500 }, after: { userId: 'u1', amount: 500 } })).toBe(
      'Reversed the top-up of Rs\u00a0500 credited to the account u1.',
    );
    expect(
      said('pricing_update', {
        subject: 'users/u1',
        user: ali,
        before: { tier: 'Gold', percent: null },
        after: { tier: null, percent: 4 },
      }),
    ).toBe(
      'Changed the pricing of Ali Khan (ali@example.com): gave the tier back to their top-ups (earned); set their own percent to 4% off.',
    );
    expect(
      said('price_bulk', {
        subject: 'services',
        before: { rates: { a: 20 } },
        after: { percent: -5, platform: 'facebook', rates: { a: 19 } },
      }),
    ).toBe('Lowered the rate of 1 Facebook service by 5%.');
    expect(
      said('update_entry', { subject: 'updates/x1', before: { hidden: true, note: 'Back soon' }, after: { hidden: true, note: null } }),
    ).toBe('Removed the note of an entry of the updates feed.');
    expect(said('mfa_enroll', { subject: 'adminMfa/b1', after: { again: true } })).toBe(
      'Set up two-step sign-in again, on a new authenticator.',
    );
    expect(said('saved_reply_update', { before: { title: 'Refunds', body: 'a' }, after: { title: 'Refunds', body: 'b' } })).toBe(
      'Changed the text of the saved reply “Refunds”.',
    );
  });

  it('names an account, a service and a provider by what the entry recorded when the API found none', () => {
    expect(said('credit', { subject: 'recharges/r1', after: { userId: 'u9', email: 'gone@example.com', amount: 100 } })).toBe(
      'Credited Rs\u00a0100 to gone@example.com.',
    );
    expect(said('password_reset', { subject: 'users/u9' })).toBe('Set a new password for the account u9.');
    expect(said('service_update', { subject: 'services/s9', before: { name: 'Old' }, after: { name: 'New' } })).toBe(
      'Changed the name of service New from Old to New.',
    );
    expect(said('order_cancel_request', { after: { cancel: 'requested', providerId: 'p9' } })).toBe(
      'Asked its provider to cancel order #1042: it took the request (the refund follows its confirmation).',
    );
  });

  it('names a field no builder knows in words, and never writes a structure out as JSON', () => {
    expect(
      said('settings', {
        subject: 'settings/newThing',
        before: { nightMode: false, minimumAge: 18, rules: { a: 1 } },
        after: { nightMode: true, minimumAge: 21, rules: { a: 2 } },
      }),
    ).toBe('Changed the new thing settings: the night mode from no to yes; the minimum age from 18 to 21; a new rules.');
    const strange = {
      amount: { a: 1 },
      userId: 5,
      name: ['x'],
      status: { s: 1 },
      rates: 'all',
      order: 7,
      provider: [1],
      state: 0,
      with: null,
    };
    for (const action of AUDIT_TYPES) {
      for (const fields of [{}, { before: strange, after: strange }, { before: null, after: null, subject: 'x' }]) {
        const sentence = said(action, fields);
        expect(sentence, action).toMatch(/^[A-Z].*\.$/);
        expect(sentence, action).not.toMatch(/[{}[\]"]|undefined|null|NaN|\[object/);
      }
    }
  });
});

describe('AuditPanel', () => {
  beforeEach(ignoreUnknownSearchElement);

  const status = entryOf('status', { ...SENTENCES.status[0], _id: 'a1' });

  it('shows who did what as sentences, and filters by admin and action', async () => {
    const sync = entryOf('service_sync', { ...SENTENCES.service_sync[0], _id: 'a2' });
    const { calls } = mockApi({ 'GET /api/admin/audit': { body: { entries: [status, sync], nextCursor: null } } });
    const { user } = renderApp(<AuditPanel />, { route: '/admin/audit', auth: fakeAuth({ user: admin }) });
    const row = (await screen.findByRole('link', { name: 'order #1042' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(SENTENCES.status[1].replaceAll('\u00a0', ' '));
    expect(within(row).getByText('boss@example.com')).toBeInTheDocument();
    expect(within(row).getByText('1 Jan 2026, 15:00')).toBeInTheDocument();
    expect(screen.getByText('The service sync')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Action'), 'credit');
    await user.type(screen.getByLabelText('Admin email or uid'), 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/audit').at(-1)?.query).toMatchObject({
        type: 'credit',
        actor: 'boss@example.com',
      }),
    );
  });

  it('filters by an admin’s uid as well as an email (the API takes either)', async () => {
    const { calls } = mockApi({ 'GET /api/admin/audit': { body: { entries: [status], nextCursor: null } } });
    const { user } = renderApp(<AuditPanel />, { route: '/admin/audit', auth: fakeAuth({ user: admin }) });
    await screen.findByRole('link', { name: 'order #1042' });
    const actor = screen.getByLabelText('Admin email or uid');
    await user.type(actor, 'Xk3pQ9adminUid42');
    // The browser would refuse to submit a uid in an email field.
    expect(actor).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/audit').at(-1)?.query).toMatchObject({ actor: 'Xk3pQ9adminUid42' }),
    );
  });

  it('links the account, the order, the service and the ticket an entry names to their pages', async () => {
    const entries = (['credit', 'service_update', 'ticket_reply'] as const).map((action) => entryOf(action, SENTENCES[action][0]));
    const unknown = entryOf('password_reset', { _id: 'a9', subject: 'users/u 9' });
    mockApi({ 'GET /api/admin/audit': { body: { entries: [status, ...entries, unknown], nextCursor: null } } });
    renderApp(<AuditPanel />, { route: '/admin/audit', auth: fakeAuth({ user: admin }) });
    expect(await screen.findByRole('link', { name: 'order #1042' })).toHaveAttribute('href', '/admin/orders?q=1042');
    for (const link of screen.getAllByRole('link', { name: 'Ali Khan' })) expect(link).toHaveAttribute('href', '/admin/users/u1');
    expect(screen.getByRole('link', { name: 'service 101 Real Followers' })).toHaveAttribute('href', '/admin/services');
    expect(screen.getByRole('link', { name: 'a support ticket' })).toHaveAttribute('href', '/admin/tickets/t1');
    expect(screen.getByRole('link', { name: 'the account u 9' })).toHaveAttribute('href', '/admin/users/u%209');
    // No raw subject or field name is shown.
    expect(screen.queryByText(/recharges\/r1|ratePer1000|userId/)).toBeNull();
  });

  it('wraps a 60-character name and email inside the cell (a 360 px phone never scrolls sideways)', async () => {
    const long = { _id: 'u2', name: `Muhammad ${'a'.repeat(51)}`, email: `${'b'.repeat(48)}@example.com` };
    const credit = entryOf('credit', { ...SENTENCES.credit[0], by: `${'c'.repeat(48)}@example.com`, user: long });
    mockApi({ 'GET /api/admin/audit': { body: { entries: [credit], nextCursor: null } } });
    renderApp(<AuditPanel />, { route: '/admin/audit', auth: fakeAuth({ user: admin }) });
    const name = await screen.findByRole('link', { name: long.name });
    const sentence = name.parentElement as HTMLElement;
    expect(sentence).toHaveTextContent(`Credited Rs 500 to ${long.name} (${long.email}).`);
    // overflow-wrap: anywhere, so the cell's narrowest width is not the longest word's; min-w-0 lets it shrink.
    expect(sentence).toHaveClass('min-w-0', 'wrap-anywhere');
    expect(screen.getByText(credit.by)).toHaveClass('min-w-0', 'wrap-anywhere');
  });
});
