import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForwardingSettingsForm } from '@/features/admin/providers/components/forwarding-settings-form';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/settings', auth: fakeAuth({ user: admin }) };
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/admin/settings/forwarding');

describe('ForwardingSettingsForm', () => {
  it('shows the settings in force and saves a margin, the disabling and an automatic refund after N hours', async () => {
    const { calls } = mockApi({
      'GET /api/admin/settings/forwarding': {
        body: { settings: { marginThresholdPercent: 10, disableBelowMargin: false, failedRefundHours: null } },
      },
      'PUT /api/admin/settings/forwarding': (call) => ({ body: { message: 'Settings updated', settings: call.body } }),
    });
    const { user } = renderApp(<ForwardingSettingsForm />, asAdmin);
    const margin = await screen.findByLabelText('Margin threshold (%)');
    expect(margin).toHaveValue('10');
    expect(screen.getByLabelText('Take services under the margin off sale')).not.toBeChecked();
    expect(screen.getByLabelText('Automatic refund of failed orders')).toHaveValue('never');
    expect(screen.queryByLabelText('Hours in Failed')).toBeNull();

    await user.clear(margin);
    await user.type(margin, '12.5');
    await user.click(screen.getByLabelText('Take services under the margin off sale'));
    await user.selectOptions(screen.getByLabelText('Automatic refund of failed orders'), 'after');
    await user.clear(screen.getByLabelText('Hours in Failed'));
    await user.type(screen.getByLabelText('Hours in Failed'), '48');
    await user.click(screen.getByRole('button', { name: 'Save provider settings' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ marginThresholdPercent: 12.5, disableBelowMargin: true, failedRefundHours: 48 });
    expect(await screen.findByText('✅ Settings updated')).toBeInTheDocument();
  });

  it('saves "never" as no automatic refund, and refuses hours out of range before any call', async () => {
    const { calls } = mockApi({
      'GET /api/admin/settings/forwarding': {
        body: { settings: { marginThresholdPercent: 10, disableBelowMargin: true, failedRefundHours: 24 } },
      },
      'PUT /api/admin/settings/forwarding': (call) => ({ body: { message: 'Settings updated', settings: call.body } }),
    });
    const { user } = renderApp(<ForwardingSettingsForm />, asAdmin);
    const hours = await screen.findByLabelText('Hours in Failed');
    expect(hours).toHaveValue('24');
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(screen.getByRole('button', { name: 'Save provider settings' }));
    expect(await screen.findByText('Hours must be at least 1')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Automatic refund of failed orders'), 'never');
    await user.click(screen.getByRole('button', { name: 'Save provider settings' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ marginThresholdPercent: 10, disableBelowMargin: true, failedRefundHours: null });
  });

  it('says so when the settings cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/settings/forwarding': { status: 500, body: { message: 'Something went wrong', code: 'internal' } } });
    renderApp(<ForwardingSettingsForm />, asAdmin);
    expect(await screen.findByText('Could not load the provider settings.')).toBeInTheDocument();
  });
});
