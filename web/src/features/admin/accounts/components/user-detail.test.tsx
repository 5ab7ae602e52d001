import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserDetail } from '@/features/admin/accounts/components/user-detail';
import { aProfile } from '@/testing/fixtures';
import { admin, closeDialog, fakeAuth, type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/users/u2', auth: fakeAuth({ user: admin }) };
const bilal = aProfile({ _id: 'u2', name: 'Bilal', email: 'bilal@example.com', balance: 70.25, blocked: null });
const detail = (user: object = bilal) => ({
  user,
  apiKey: { exists: true, createdAt: '2026-01-02T00:00:00.000Z', last4: 'beef' },
  namedApiKeys: 2,
  counts: { orders: 3, rechargeRequests: 1 },
  referral: { referredBy: { _id: 'u9', name: 'Rida', email: 'rida@example.com' }, balance: 50, earned: 150, transferred: 100 },
});
const PRICING = {
  credited: 30_000,
  tier: { name: 'Silver', percent: 3 },
  earnedTier: 'Silver',
  setTier: null,
  percent: null,
  rates: [],
  clamped: [],
};
const entry = (over: object) => ({ _id: 'e', type: 'credit', amount: 50, balanceAfter: 50, at: '2026-01-03T00:00:00.000Z', ...over });

function mockUser(extra: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)> = {}, user: object = bilal) {
  return mockApi({
    'GET /api/admin/users/u2': { body: detail(user) },
    'GET /api/admin/users/u2/ledger': {
      body: {
        entries: [
          entry({ _id: 'adjust-1', type: 'adjustment', amount: -5, balanceAfter: 70.25, reason: 'Fee for a chargeback' }),
          entry({ _id: 'debit-9', type: 'debit', amount: 20, balanceAfter: 75.25, orderId: '123456789' }),
          entry({ _id: 'credit-1', type: 'credit', amount: 95.25, balanceAfter: 95.25, rechargeId: 'r1' }),
        ],
        nextCursor: null,
      },
    },
    'GET /api/admin/users/u2/orders': { body: { orders: [], nextCursor: null } },
    'GET /api/admin/users/u2/recharges': { body: { recharges: [], nextCursor: null } },
    'GET /api/admin/users/u2/recharge-requests': { body: { requests: [], nextCursor: null } },
    'GET /api/admin/users/u2/pricing': { body: { pricing: PRICING } },
    'GET /api/admin/tiers': { body: { tiers: [{ id: 's', name: 'Silver', threshold: 25_000, percent: 3 }] } },
    'GET /api/admin/services': { body: { services: [], categories: { tiktok: [], instagram: [], facebook: [] } } },
    ...extra,
  });
}

describe('UserDetail', () => {
  it('shows the profile, balance, API key status (its last 4 only), counts and the signed ledger', async () => {
    mockUser();
    renderApp(<UserDetail uid="u2" />, asAdmin);
    expect(await screen.findByRole('heading', { name: 'Bilal' })).toBeInTheDocument();
    expect(screen.getByText('Rs 70.25')).toBeInTheDocument();
    expect(screen.getByText('Active, key ending beef · made 2 Jan 2026 · 2 named keys')).toBeInTheDocument();
    // Who brought the account (a link to theirs), and its own referral earnings.
    expect(screen.getByRole('link', { name: 'Rida' })).toHaveAttribute('href', '/admin/users/u9');
    expect(screen.getByText('Rs 150 earned · Rs 100 moved · Rs 50 held')).toBeInTheDocument();
    const ledger = await screen.findByRole('table', { name: 'Ledger' });
    const adjustment = within(ledger).getByText('Fee for a chargeback').closest('tr') as HTMLElement;
    expect(within(adjustment).getByText('Adjustment')).toBeInTheDocument();
    expect(within(adjustment).getByText('-Rs 5')).toBeInTheDocument();
    const debit = within(ledger).getByText('Order #123456789').closest('tr') as HTMLElement;
    expect(within(debit).getByText('-Rs 20')).toBeInTheDocument();
    expect(within(ledger).getByText('+Rs 95.25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(await within(pricing).findByText('Silver · 3% off')).toBeInTheDocument();
    expect(within(pricing).getByText('Rs 30,000')).toBeInTheDocument();
  });

  it('adjusts with a signed amount and a reason, keeping the Idempotency-Key across a lost answer and a reopened dialog', async () => {
    let answer: MockResponse = { status: 504, body: 'upstream request timeout' };
    const { calls } = mockUser({ 'POST /api/admin/users/u2/adjust': () => answer });
    const { user } = renderApp(<UserDetail uid="u2" />, asAdmin);
    const adjustOnce = async () => {
      await user.click(await screen.findByRole('button', { name: 'Adjust Balance' }));
      const dialog = screen.getByRole('dialog', { name: 'Adjust Balance' });
      await user.type(within(dialog).getByLabelText('Amount (Rs)'), '-5');
      await user.type(within(dialog).getByLabelText('Reason'), 'Fee for a chargeback');
      await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    };
    await adjustOnce();
    expect(await screen.findByText(/❌/)).toBeInTheDocument();
    await closeDialog(user, 'Adjust Balance');
    answer = {
      body: {
        message: 'Balance adjusted',
        user: { ...bilal, balance: 65.25 },
        entry: entry({ type: 'adjustment', amount: -5, reason: 'x' }),
      },
    };
    await adjustOnce();
    expect(await screen.findByText('✅ Balance adjusted!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [first, second] = calls.filter((call) => call.method === 'POST');
    expect(first?.body).toEqual({ amount: -5, reason: 'Fee for a chargeback' });
    expect(second?.body).toEqual(first?.body);
    expect(first?.headers['idempotency-key']).toBeTruthy();
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    // After a definite answer the next adjustment is another one, with its own key.
    await adjustOnce();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'POST')[2]?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('keeps the adjust dialog open with the server’s message when a debit would go below 0', async () => {
    mockUser({
      'POST /api/admin/users/u2/adjust': {
        status: 400,
        body: { message: 'This debit would take the balance below 0', code: 'insufficient_balance', field: 'amount' },
      },
    });
    const { user } = renderApp(<UserDetail uid="u2" />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Adjust Balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust Balance' });
    await user.type(within(dialog).getByLabelText('Amount (Rs)'), '-500');
    await user.type(within(dialog).getByLabelText('Reason'), 'Too much');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    expect(await screen.findByText('❌ This debit would take the balance below 0')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Adjust Balance' })).toBeInTheDocument();
  });

  it('refuses an adjustment of 0 or without a reason before sending anything', async () => {
    const { calls } = mockUser();
    const { user } = renderApp(<UserDetail uid="u2" />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Adjust Balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust Balance' });
    await user.type(within(dialog).getByLabelText('Amount (Rs)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    expect(await within(dialog).findByText('Amount cannot be 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('blocks with a reason, then shows the account blocked with Unblock', async () => {
    let blocked = false;
    const since = { reason: 'Chargeback on Easypaisa', at: '2026-02-01T10:00:00.000Z' };
    const { calls } = mockApi({
      'GET /api/admin/users/u2': () => ({ body: detail(blocked ? { ...bilal, blocked: since } : bilal) }),
      'GET /api/admin/users/u2/ledger': { body: { entries: [], nextCursor: null } },
      'GET /api/admin/users/u2/orders': { body: { orders: [], nextCursor: null } },
      'GET /api/admin/users/u2/recharges': { body: { recharges: [], nextCursor: null } },
      'GET /api/admin/users/u2/recharge-requests': { body: { requests: [], nextCursor: null } },
      'POST /api/admin/users/u2/block': () => {
        blocked = true;
        return { body: { message: 'Account blocked', user: { ...bilal, blocked: since } } };
      },
    });
    const { user } = renderApp(<UserDetail uid="u2" />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Account' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback on Easypaisa');
    await user.click(within(dialog).getByRole('button', { name: 'Block Account' }));
    expect(await screen.findByText('✅ Account blocked!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Chargeback on Easypaisa' });
    expect(await screen.findByText(/Blocked since .*: Chargeback on Easypaisa/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('offers no Block for an admin account', async () => {
    mockUser({}, { ...bilal, role: 'admin' });
    renderApp(<UserDetail uid="u2" />, asAdmin);
    expect(await screen.findByRole('button', { name: 'Adjust Balance' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('says User not found for an unknown account', async () => {
    mockApi({ 'GET /api/admin/users/nobody': { status: 404, body: { message: 'User not found', code: 'user_not_found' } } });
    renderApp(<UserDetail uid="nobody" />, { ...asAdmin, route: '/admin/users/nobody' });
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
  });
});

describe('UserDetail top-ups', () => {
  const recharge = (over: object) => ({
    _id: 'r1',
    user: { _id: 'u2', name: 'Bilal', email: 'bilal@example.com' },
    amount: 1000,
    date: '2026-01-03T05:00:00.000Z',
    method: 'Easypaisa',
    reference: '0123456789',
    ...over,
  });
  const reversedOne = recharge({
    _id: 'r0',
    amount: 500,
    reference: '0999',
    reversed: { at: '2026-01-04T05:00:00.000Z', reason: 'Chargeback from Easypaisa' },
  });
  const recharges = (list: object[]) => ({ body: { recharges: list, nextCursor: null } });
  const reverseButton = () => screen.findByRole('button', { name: 'Reverse the top-up of Rs\u00a01,000 on 3 Jan 2026, 10:00' });

  it('offers Reverse on a credited top-up, and says why of one reversed already', async () => {
    mockUser({ 'GET /api/admin/users/u2/recharges': recharges([recharge({}), reversedOne]) });
    renderApp(<UserDetail uid="u2" />, asAdmin);
    expect(await reverseButton()).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Recharges' });
    const row = within(table).getByText('0999').closest('tr') as HTMLElement;
    expect(within(row).getByText('Reversed: Chargeback from Easypaisa')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Reverse/ })).toHaveLength(1);
  });

  it('reverses with a required reason and an Idempotency-Key kept across a lost answer, then shows it reversed', async () => {
    let reversed = false;
    let answer: MockResponse = { status: 504, body: 'upstream request timeout' };
    const { calls } = mockUser({
      'GET /api/admin/users/u2/recharges': () =>
        recharges([reversed ? recharge({ reversed: { at: '2026-01-05T05:00:00.000Z', reason: 'Paid twice' } }) : recharge({})]),
      'POST /api/admin/recharges/r1/reverse': () => answer,
    });
    const { user } = renderApp(<UserDetail uid="u2" />, asAdmin);
    const reverseOnce = async (reason: string) => {
      await user.click(await reverseButton());
      const dialog = screen.getByRole('dialog', { name: 'Reverse Top-up' });
      expect(
        within(dialog).getByText(
          /Takes Rs 1,000 off the customer’s balance, and any referral commission it earned off whoever referred them\./,
        ),
      ).toBeInTheDocument();
      if (reason) await user.type(within(dialog).getByLabelText('Reason'), reason);
      await user.click(within(dialog).getByRole('button', { name: 'Reverse top-up' }));
    };
    const posts = () => calls.filter((call) => call.method === 'POST');

    await reverseOnce('');
    expect(await screen.findByText('Reason is required')).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await closeDialog(user, 'Reverse Top-up');

    await reverseOnce('Paid twice');
    expect(await screen.findByText(/❌/)).toBeInTheDocument();
    await closeDialog(user, 'Reverse Top-up');
    answer = {
      body: { message: 'Top-up reversed', recharge: recharge({ reversed: { at: '2026-01-05T05:00:00.000Z', reason: 'Paid twice' } }) },
    };
    reversed = true;
    const listsBefore = calls.filter((call) => call.path === '/api/admin/users/u2/ledger').length;
    await reverseOnce('Paid twice');
    expect(await screen.findByText('✅ Top-up reversed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [first, second] = posts();
    expect(first?.body).toEqual({ reason: 'Paid twice' });
    expect(second?.body).toEqual(first?.body);
    expect(first?.headers['idempotency-key']).toBeTruthy();
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    // The account, its ledger and its top-ups are read again.
    expect(await screen.findByText('Reversed: Paid twice')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/admin/users/u2/ledger').length).toBeGreaterThan(listsBefore);
  });

  it('says what to do when the customer’s balance is below the top-up, keeping the dialog open', async () => {
    mockUser({
      'GET /api/admin/users/u2/recharges': recharges([recharge({})]),
      'POST /api/admin/recharges/r1/reverse': {
        status: 409,
        body: { message: 'This debit would take the balance below 0', code: 'insufficient_balance' },
      },
    });
    const { user } = renderApp(<UserDetail uid="u2" />, asAdmin);
    await user.click(await reverseButton());
    const dialog = screen.getByRole('dialog', { name: 'Reverse Top-up' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse top-up' }));
    expect(await within(dialog).findByText('❌ The customer’s balance is below this top-up: adjust it first.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reverse Top-up' })).toBeInTheDocument();
  });

  it('says so of a top-up reversed already', async () => {
    mockUser({
      'GET /api/admin/users/u2/recharges': recharges([recharge({})]),
      'POST /api/admin/recharges/r1/reverse': {
        status: 409,
        body: { message: 'This top-up was already reversed', code: 'already_decided' },
      },
    });
    const { user } = renderApp(<UserDetail uid="u2" />, asAdmin);
    await user.click(await reverseButton());
    const dialog = screen.getByRole('dialog', { name: 'Reverse Top-up' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse top-up' }));
    expect(await within(dialog).findByText('❌ This top-up was reversed already.')).toBeInTheDocument();
  });

  it('names referral earnings moved to the balance in the ledger', async () => {
    mockUser({
      'GET /api/admin/users/u2/ledger': {
        body: { entries: [entry({ _id: 'ref-1', type: 'referral', amount: 150, balanceAfter: 220.25 })], nextCursor: null },
      },
    });
    renderApp(<UserDetail uid="u2" />, asAdmin);
    const ledger = await screen.findByRole('table', { name: 'Ledger' });
    const row = (await within(ledger).findByText('Referral earnings')).closest('tr') as HTMLElement;
    expect(within(row).getByText('+Rs 150')).toBeInTheDocument();
    expect(within(row).getByText('Moved from their referral balance')).toBeInTheDocument();
  });
});
