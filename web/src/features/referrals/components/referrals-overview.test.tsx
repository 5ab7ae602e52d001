// The customer's Referrals page: the link to copy or share, what it brought, the programme's percent, the months, and
// the move of earnings to the balance with one Idempotency-Key per submission.
import type { MyReferrals } from '@shared/schemas/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferralsRoute } from '@/app/routes/referrals';
import { profileQueryKey } from '@/lib/profile';
import { aProfile } from '@/testing/fixtures';
import { type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const LINK = 'https://shohrat.example/r/ABCD1234';
/** The last 12 months, newest first: two with something in them. */
const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const month = new Date(Date.UTC(2026, 10 - i, 1)).toISOString().slice(0, 7);
  return { month, signUps: i === 0 ? 2 : i === 1 ? 1 : 0, earned: i === 0 ? 400.5 : i === 1 ? 350 : 0 };
});
const aSummary = (over: Partial<MyReferrals> = {}): MyReferrals => ({
  code: 'ABCD1234',
  link: LINK,
  referred: 3,
  balance: 250.5,
  earned: 750.5,
  transferred: 500,
  enabled: true,
  percent: 5,
  minTransfer: 100,
  months: MONTHS,
  ...over,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRANSFERRED = { body: { message: 'Moved to your balance', balance: 1250.5, referralBalance: 0 } };

/** The page with the API's answers; the profile's balance follows a transfer's answer. */
function open(
  summary: MyReferrals,
  transfer?: MockResponse | ((call: RecordedCall) => MockResponse),
  profile = aProfile({ balance: 1000 }),
) {
  let balance = profile.balance;
  const api = mockApi({
    'GET /api/referrals': { body: summary },
    'GET /api/user/profile': () => ({ body: { user: { ...profile, balance } } }),
    ...(transfer
      ? {
          'POST /api/referrals/transfer': (call: RecordedCall) => {
            const answer = typeof transfer === 'function' ? transfer(call) : transfer;
            if (answer.status === undefined && answer.body) balance = (answer.body as { balance: number }).balance;
            return answer;
          },
        }
      : {}),
  });
  const rendered = renderApp(<ReferralsRoute />, { route: '/referrals' });
  return { ...rendered, ...api };
}

const transfers = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/referrals/transfer');
const amountField = () => screen.getByLabelText('Amount (Rs)');
const moveButton = () => screen.getByRole('button', { name: 'Move to balance' });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('the Referrals page', () => {
  it('shows the link, what it brought, the percent earned and each of the last 12 months', async () => {
    open(aSummary());
    const link = await screen.findByRole('textbox', { name: 'Referral link' });
    expect(link).toHaveValue(LINK);
    expect(link).toHaveAttribute('dir', 'ltr');
    expect(link).toHaveAttribute('readonly');
    expect(screen.getByTestId('referral-programme')).toHaveTextContent('You earn 5% of every top-up credited to the accounts you bring.');
    expect(screen.getByTestId('referral-sign-ups')).toHaveTextContent('3');
    expect(screen.getByTestId('referral-earned')).toHaveTextContent('Rs 750.50');
    expect(screen.getByTestId('referral-transferred')).toHaveTextContent('Rs 500');
    expect(screen.getByTestId('referral-balance')).toHaveTextContent('Rs 250.50');
    const rows = within(screen.getByRole('table', { name: /by month/ }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(12);
    expect(
      rows.slice(0, 3).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Nov 2026', '2', 'Rs\u00a0400.50'],
      ['Oct 2026', '1', 'Rs\u00a0350'],
      ['Sept 2026', '0', 'Rs\u00a00'],
    ]);
    expect(within(rows[11] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('Dec 2025');
  });

  it('says the programme is paused, and that what was earned stays the customer’s', async () => {
    open(aSummary({ enabled: false }));
    expect(await screen.findByTestId('referral-programme')).toHaveTextContent(
      'The referral programme is paused: what you earned stays yours.',
    );
    // Moving what was earned still works.
    expect(moveButton()).toBeEnabled();
  });

  it('copies the link, and says so', async () => {
    const { user } = open(aSummary());
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.getByText('Link copied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('selects the link for the customer to copy when the clipboard refuses, and says so', async () => {
    const { user } = open(aSummary());
    const copy = await screen.findByRole('button', { name: 'Copy link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    await user.click(copy);
    expect(await screen.findByText('Could not copy the link: it is selected in the box, copy it from there.')).toBeInTheDocument();
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Referral link' });
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, LINK.length]);
  });

  it('offers Share where the device can share, with the link', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = open(aSummary());
    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }));
  });

  it('has no Share button where the device cannot share', async () => {
    open(aSummary());
    await screen.findByRole('button', { name: 'Copy link' });
    expect(screen.queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
  });

  it('moves the whole referral balance by default, with an Idempotency-Key, and shows both balances as they are now', async () => {
    let referralsAsked = 0;
    const { user, calls, queryClient } = open(aSummary(), TRANSFERRED);
    await screen.findByRole('textbox', { name: 'Referral link' });
    referralsAsked = calls.filter((call) => call.path === '/api/referrals').length;
    expect(amountField()).toHaveValue(250.5);
    expect(amountField()).toHaveAttribute('dir', 'ltr');
    expect(amountField()).toHaveAttribute('inputmode', 'decimal');
    await waitFor(() => expect(queryClient.getQueryData(profileQueryKey('u1'))).toMatchObject({ balance: 1000 }));
    await user.click(moveButton());
    expect(await screen.findByText('Moved to your balance')).toBeInTheDocument();
    const [sent] = transfers(calls);
    expect(sent?.body).toEqual({ amount: 250.5 });
    expect(sent?.headers['idempotency-key']).toMatch(UUID);
    expect(queryClient.getQueryData(profileQueryKey('u1'))).toMatchObject({ balance: 1250.5 });
    // The page asks for its figures again (the answer's balance shows at once).
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/referrals').length).toBeGreaterThan(referralsAsked));
  });

  it('moves the amount typed, checked by the contract before any call', async () => {
    const { user, calls } = open(aSummary(), TRANSFERRED);
    await screen.findByRole('textbox', { name: 'Referral link' });
    await user.clear(amountField());
    await user.type(amountField(), '50');
    await user.click(moveButton());
    expect(await screen.findByText('Transfer at least Rs 100')).toBeInTheDocument();
    await user.clear(amountField());
    await user.type(amountField(), '300');
    expect(await screen.findByText('Your referral balance is Rs 250.50')).toBeInTheDocument();
    expect(transfers(calls)).toEqual([]);
    await user.clear(amountField());
    await user.type(amountField(), '120.25');
    await user.click(moveButton());
    await waitFor(() => expect(transfers(calls)).toHaveLength(1));
    expect(transfers(calls)[0]?.body).toEqual({ amount: 120.25 });
  });

  it('keeps the Idempotency-Key after no answer or a 5xx, and takes a new one after a refusal', async () => {
    const answers: MockResponse[] = [
      { networkError: true },
      { status: 503, body: { message: 'Service unavailable' } },
      { status: 409, body: { code: 'insufficient_balance', field: 'amount', message: 'Your referral balance is less than that' } },
      TRANSFERRED,
    ];
    const { user, calls } = open(aSummary(), () => answers.shift() ?? TRANSFERRED);
    await screen.findByRole('textbox', { name: 'Referral link' });
    await user.click(moveButton());
    expect(
      await screen.findByText('The transfer got no answer. Try again with the same amount: it will not be moved twice.'),
    ).toBeInTheDocument();
    await user.click(moveButton());
    await waitFor(() => expect(transfers(calls)).toHaveLength(2));
    await user.click(moveButton());
    expect(await screen.findByText('Your referral balance is less than that')).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    await user.click(moveButton());
    await waitFor(() => expect(transfers(calls)).toHaveLength(4));
    const keys = transfers(calls).map((call) => call.headers['idempotency-key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys[3]).toMatch(UUID);
  });

  it('shows the server’s refusals by their code: an amount under the field, a suspended account above the button', async () => {
    const answers: MockResponse[] = [
      { status: 400, body: { code: 'invalid_input', field: 'amount', message: 'Amount can have at most 2 decimals' } },
      { status: 403, body: { code: 'account_suspended', message: 'Your account is suspended. Contact support.' } },
    ];
    const { user } = open(aSummary(), () => answers.shift() ?? TRANSFERRED);
    await screen.findByRole('textbox', { name: 'Referral link' });
    await user.click(moveButton());
    expect(await screen.findByText('Amount can have at most 2 decimals')).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    await user.click(moveButton());
    expect(await screen.findByText('Your account is suspended. Contact support.')).toBeInTheDocument();
  });

  it('cannot move less than the minimum: the button is disabled and says why', async () => {
    const { calls } = open(aSummary({ balance: 60, earned: 560 }));
    await screen.findByRole('textbox', { name: 'Referral link' });
    const reason = 'You can move earnings once you have Rs 100.';
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(moveButton()).toBeDisabled();
    expect(moveButton()).toHaveAccessibleDescription(reason.replaceAll('Rs ', 'Rs\u00a0'));
    expect(amountField()).toHaveValue(null);
    expect(transfers(calls)).toEqual([]);
  });

  it('shows a balance below zero (a reversed top-up whose commission was moved) and moves nothing', async () => {
    open(aSummary({ balance: -20 }));
    expect(await screen.findByTestId('referral-balance')).toHaveTextContent('-Rs 20');
    expect(screen.getByText(/your next earnings make up the difference first/)).toBeInTheDocument();
    expect(moveButton()).toBeDisabled();
  });

  it('says transfers are paused for a suspended account', async () => {
    open(aSummary(), undefined, aProfile({ balance: 1000, blocked: { reason: 'Chargebacks', at: '2026-11-20T10:00:00.000Z' } }));
    expect(await screen.findByText('Transfers are paused while your account is suspended.')).toBeInTheDocument();
    expect(moveButton()).toBeDisabled();
  });

  it('offers to try again when the page cannot be loaded', async () => {
    mockApi({ 'GET /api/referrals': { networkError: true } });
    renderApp(<ReferralsRoute />, { route: '/referrals' });
    expect(await screen.findByText('Your referrals could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
