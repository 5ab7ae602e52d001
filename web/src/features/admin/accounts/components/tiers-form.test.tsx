import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TiersForm } from '@/features/admin/accounts/components/tiers-form';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/settings', auth: fakeAuth({ user: admin }) };
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/admin/tiers');
const TIERS = [
  { id: 'b1', name: 'Bronze', threshold: 0, percent: 0 },
  { id: 's1', name: 'Silver', threshold: 25_000, percent: 3 },
];
const tier = (n: number) => screen.getByRole('group', { name: `Tier ${n}` });

describe('TiersForm', () => {
  it('shows the tiers in force and saves the whole table as typed, then shows it as saved', async () => {
    const { calls } = mockApi({
      'GET /api/admin/tiers': { body: { tiers: TIERS } },
      'PUT /api/admin/tiers': (call) => {
        const body = call.body as { tiers: { id?: string; threshold: number }[] };
        const saved = body.tiers.map((t) => ({ ...t, id: t.id ?? 'new1' }));
        return { body: { message: 'Tiers saved', tiers: saved.sort((a, b) => a.threshold - b.threshold) } };
      },
    });
    const { user } = renderApp(<TiersForm />, asAdmin);
    expect(await screen.findByText(/they never move down by themselves/)).toBeInTheDocument();
    await waitFor(() => expect(within(tier(1)).getByLabelText('Name')).toHaveValue('Bronze'));
    expect(within(tier(2)).getByLabelText('Threshold (Rs)')).toHaveValue('25000');
    expect(within(tier(2)).getByLabelText('Percent off (%)')).toHaveValue('3');

    const silverPercent = within(tier(2)).getByLabelText('Percent off (%)');
    await user.clear(silverPercent);
    await user.type(silverPercent, '3.5');
    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    await user.type(within(tier(3)).getByLabelText('Name'), '  Gold ');
    await user.type(within(tier(3)).getByLabelText('Threshold (Rs)'), '100000');
    await user.type(within(tier(3)).getByLabelText('Percent off (%)'), '6');
    await user.click(screen.getByRole('button', { name: 'Remove tier 1 (Bronze)' }));
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      tiers: [
        // The saved tier goes back with its id (a rename keeps its customers); the new one has none.
        { id: 's1', name: 'Silver', threshold: 25_000, percent: 3.5 },
        { name: 'Gold', threshold: 100_000, percent: 6 },
      ],
    });
    expect(await screen.findByText('✅ Tiers saved')).toBeInTheDocument();
    expect(within(tier(2)).getByLabelText('Name')).toHaveValue('Gold');
    expect(screen.queryByRole('group', { name: 'Tier 3' })).not.toBeInTheDocument();
  });

  it('refuses a missing threshold, a percent over the limit and a repeated name before any call, and clears an error once typed again', async () => {
    const { calls } = mockApi({ 'GET /api/admin/tiers': { body: { tiers: TIERS } } });
    const { user } = renderApp(<TiersForm />, asAdmin);
    await waitFor(() => expect(within(tier(2)).getByLabelText('Name')).toHaveValue('Silver'));
    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    await user.type(within(tier(3)).getByLabelText('Name'), 'silver');
    await user.type(within(tier(3)).getByLabelText('Percent off (%)'), '60');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));

    const threshold = within(tier(3)).getByLabelText('Threshold (Rs)');
    expect(threshold).toHaveAccessibleDescription('Threshold must be a number');
    expect(within(tier(3)).getByLabelText('Percent off (%)')).toHaveAccessibleDescription('Percent must be at most 50');
    expect(puts(calls)).toHaveLength(0);

    await user.type(threshold, '50000');
    expect(threshold).not.toHaveAccessibleDescription('Threshold must be a number');
    const percent = within(tier(3)).getByLabelText('Percent off (%)');
    await user.clear(percent);
    await user.type(percent, '6');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    // Every field is valid alone: the name is used twice, said under the row that repeats it.
    expect(within(tier(3)).getByLabelText('Name')).toHaveAccessibleDescription('Another tier has this name');
    expect(within(tier(2)).getByLabelText('Name')).not.toHaveAccessibleDescription('Another tier has this name');
    expect(puts(calls)).toHaveLength(0);
  });

  it('shows a refusal naming a row’s field under it, and saves an empty table as no tiers', async () => {
    let answer = {
      status: 400,
      body: { message: 'Tier name cannot contain control or formatting characters', code: 'invalid_input', field: 'tiers.1.name' },
    };
    const { calls } = mockApi({
      'GET /api/admin/tiers': { body: { tiers: TIERS } },
      'PUT /api/admin/tiers': () => answer,
    });
    const { user } = renderApp(<TiersForm />, asAdmin);
    await waitFor(() => expect(within(tier(2)).getByLabelText('Name')).toHaveValue('Silver'));
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    await waitFor(() =>
      expect(within(tier(2)).getByLabelText('Name')).toHaveAccessibleDescription(
        'Tier name cannot contain control or formatting characters',
      ),
    );

    answer = { status: 200, body: { message: 'Tiers saved', tiers: [] } as never };
    await user.click(screen.getByRole('button', { name: 'Remove tier 1 (Bronze)' }));
    await user.click(screen.getByRole('button', { name: 'Remove tier 1 (Silver)' }));
    expect(screen.getByText('No tiers: every customer pays the list rates.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toEqual({ tiers: [] });
    expect(await screen.findByText('✅ Tiers saved')).toBeInTheDocument();
  });

  it('offers no more than 10 tiers', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, threshold: i * 1000, percent: i }));
    mockApi({ 'GET /api/admin/tiers': { body: { tiers: ten } } });
    renderApp(<TiersForm />, asAdmin);
    expect(await screen.findByRole('button', { name: 'Add a tier' })).toBeDisabled();
    expect(screen.getByText('At most 10 tiers.')).toBeInTheDocument();
  });
});
