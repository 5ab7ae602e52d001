import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AutopilotSettingsForm } from '@/features/admin/top-ups/components/autopilot-settings-form';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/settings', auth: fakeAuth({ user: admin }) };
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/admin/settings/autopilot');
const SETTINGS = { enabled: true, maxAmount: 10_000, firstTopUpMax: 2_000, dailyCount: 3 };

describe('AutopilotSettingsForm', () => {
  it('shows the limits in force and saves the whole object', async () => {
    const { calls } = mockApi({
      'GET /api/admin/settings/autopilot': { body: { settings: SETTINGS } },
      'PUT /api/admin/settings/autopilot': (call) => ({ body: { message: 'Settings updated', settings: call.body } }),
    });
    const { user } = renderApp(<AutopilotSettingsForm />, asAdmin);
    const max = await screen.findByLabelText('Largest automatic credit (Rs)');
    expect(max).toHaveValue('10000');
    expect(screen.getByLabelText('Credit matched payments automatically')).toBeChecked();
    expect(screen.getByLabelText('Largest first top-up credited automatically (Rs)')).toHaveValue('2000');
    expect(screen.getByLabelText('Automatic credits per customer per day')).toHaveValue('3');

    await user.click(screen.getByLabelText('Credit matched payments automatically'));
    await user.clear(max);
    await user.type(max, '5000.50');
    await user.click(screen.getByRole('button', { name: 'Save automatic credits' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ enabled: false, maxAmount: 5000.5, firstTopUpMax: 2000, dailyCount: 3 });
    expect(await screen.findByText('✅ Settings updated')).toBeInTheDocument();
  });

  it('refuses a count that is not whole before any call, and shows a refused field next to it', async () => {
    const { calls } = mockApi({
      'GET /api/admin/settings/autopilot': { body: { settings: SETTINGS } },
      'PUT /api/admin/settings/autopilot': {
        status: 400,
        body: { code: 'invalid_input', field: 'firstTopUpMax', message: 'The first top-up limit must be at most 1,000,000' },
      },
    });
    const { user } = renderApp(<AutopilotSettingsForm />, asAdmin);
    const count = await screen.findByLabelText('Automatic credits per customer per day');
    await user.clear(count);
    await user.type(count, '1.5');
    await user.click(screen.getByRole('button', { name: 'Save automatic credits' }));
    expect(await screen.findByText('A whole number')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('button', { name: 'Save automatic credits' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(screen.getByLabelText('Largest first top-up credited automatically (Rs)')).toHaveAccessibleDescription(
      'The first top-up limit must be at most 1,000,000',
    );
  });
});
