import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReferralProgrammeForm } from '@/features/admin/referrals/components/referral-programme-form';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/settings', auth: fakeAuth({ user: admin }) };
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/admin/referrals');
const PROGRAMME = {
  settings: { enabled: true, percent: 5 },
  totals: { referred: 1234, earned: 5250.5, transferred: 3000, balance: 2250.5 },
  asOf: '2026-03-01T07:30:00.000Z',
};

describe('ReferralProgrammeForm', () => {
  it('shows the programme in force and its totals up to when they were summed, in Pakistan time', async () => {
    mockApi({ 'GET /api/admin/referrals': { body: PROGRAMME } });
    renderApp(<ReferralProgrammeForm />, asAdmin);
    expect(await screen.findByRole('switch', { name: 'Pay referral commissions' })).toBeChecked();
    expect(screen.getByLabelText('Commission (%)')).toHaveValue('5');
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Accounts referred')).toBe('1,234');
    expect(figure('Earned')).toBe('Rs\u00a05,250.50');
    expect(figure('Moved to balances')).toBe('Rs\u00a03,000');
    expect(figure('Held now')).toBe('Rs\u00a02,250.50');
    expect(screen.getByText(/Figures up to 1 Mar 2026, 12:30 PKT\./)).toBeInTheDocument();
  });

  it('saves the switch and the percent as typed, then shows them as saved', async () => {
    const { calls } = mockApi({
      'GET /api/admin/referrals': { body: PROGRAMME },
      'PUT /api/admin/referrals': (call) => ({ body: { message: 'Referral programme saved', settings: call.body } }),
    });
    const { user } = renderApp(<ReferralProgrammeForm />, asAdmin);
    const percent = await screen.findByLabelText('Commission (%)');
    await user.click(screen.getByRole('switch', { name: 'Pay referral commissions' }));
    await user.clear(percent);
    await user.type(percent, '7.25');
    await user.click(screen.getByRole('button', { name: 'Save referral programme' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ enabled: false, percent: 7.25 });
    expect(await screen.findByText('✅ Referral programme saved')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Pay referral commissions' })).not.toBeChecked();
    expect(screen.getByLabelText('Commission (%)')).toHaveValue('7.25');
    // The totals stand: a new percent counts for credits from now on.
    expect(screen.getByText('Accounts referred').nextElementSibling).toHaveTextContent('1,234');
  });

  it('refuses a missing percent, one over 50 and one of 3 decimals before any call', async () => {
    const { calls } = mockApi({ 'GET /api/admin/referrals': { body: PROGRAMME } });
    const { user } = renderApp(<ReferralProgrammeForm />, asAdmin);
    const percent = await screen.findByLabelText('Commission (%)');
    const save = () => user.click(screen.getByRole('button', { name: 'Save referral programme' }));

    await user.clear(percent);
    await save();
    expect(percent).toHaveAccessibleDescription(/Percent must be a number/);
    await user.type(percent, '60');
    await save();
    expect(percent).toHaveAccessibleDescription(/Percent must be at most 50/);
    await user.clear(percent);
    await user.type(percent, '2.125');
    await save();
    expect(percent).toHaveAccessibleDescription(/Percent can have at most 2 decimals/);
    expect(puts(calls)).toHaveLength(0);
  });

  it('shows a refusal of the percent under it, and any other above the form', async () => {
    let answer = {
      status: 400,
      body: { message: 'Percent must be at most 50', code: 'invalid_input', field: 'percent' },
    };
    mockApi({ 'GET /api/admin/referrals': { body: PROGRAMME }, 'PUT /api/admin/referrals': () => answer });
    const { user } = renderApp(<ReferralProgrammeForm />, asAdmin);
    const percent = await screen.findByLabelText('Commission (%)');
    await user.click(screen.getByRole('button', { name: 'Save referral programme' }));
    await waitFor(() => expect(percent).toHaveAccessibleDescription(/Percent must be at most 50/));

    answer = { status: 503, body: { message: 'The server is busy, try again', code: 'busy' } as never };
    await user.click(screen.getByRole('button', { name: 'Save referral programme' }));
    expect(await screen.findByText('❌ The server is busy, try again')).toBeInTheDocument();
  });

  it('says so when the programme cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/referrals': { status: 500, body: { message: 'Something went wrong', code: 'internal' } } });
    renderApp(<ReferralProgrammeForm />, asAdmin);
    expect(await screen.findByText('Could not load the referral programme.')).toBeInTheDocument();
  });
});
