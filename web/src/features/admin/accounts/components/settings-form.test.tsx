import { MESSAGES } from '@shared/messages';
import type { Settings } from '@shared/schemas/top-ups';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsForm } from '@/features/admin/accounts/components/settings-form';
import { settingsQueryKey } from '@/lib/settings';
import { admin, fakeAuth, mockApi, renderApp, SETTINGS } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

function wallet(index: number) {
  return within(screen.getByRole('group', { name: `Wallet ${index}` }));
}

async function renderForm() {
  const rendered = renderApp(<SettingsForm />, asAdmin);
  await screen.findByRole('group', { name: 'Wallet 4' });
  return rendered;
}

describe('SettingsForm', () => {
  it('shows the 4 wallet accounts and the support chat link in force', async () => {
    mockApi({ 'GET /api/settings': { body: SETTINGS } });
    await renderForm();
    SETTINGS.wallets.forEach((account, i) => {
      expect(wallet(i + 1).getByLabelText('Provider')).toHaveValue(account.provider);
      expect(wallet(i + 1).getByLabelText('Account number')).toHaveValue(account.accountNumber);
      expect(wallet(i + 1).getByLabelText('Account name')).toHaveValue(account.accountName);
    });
    expect(screen.getByLabelText('Support chat link')).toHaveValue(SETTINGS.supportChat);
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('refuses empty fields, a link that is not http(s), and the same provider twice', async () => {
    const { calls } = mockApi({ 'GET /api/settings': { body: SETTINGS } });
    const { user } = await renderForm();
    await user.clear(wallet(2).getByLabelText('Account number'));
    await user.clear(wallet(3).getByLabelText('Account name'));
    await user.clear(wallet(4).getByLabelText('Provider'));
    await user.type(wallet(4).getByLabelText('Provider'), 'easypaisa');
    await user.clear(screen.getByLabelText('Support chat link'));
    await user.type(screen.getByLabelText('Support chat link'), 'wa.me/92300');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await wallet(2).findByText('Account number is required')).toBeInTheDocument();
    expect(wallet(3).getByText('Account name is required')).toBeInTheDocument();
    expect(wallet(4).getByText(MESSAGES.duplicateWallet)).toBeInTheDocument();
    expect(wallet(4).getByLabelText('Provider')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a valid link')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('saves with PUT /api/admin/settings and updates the settings the recharge window reads', async () => {
    let stored: Settings = SETTINGS;
    const { calls } = mockApi({
      'GET /api/settings': () => ({ body: stored }),
      'PUT /api/admin/settings': (call) => {
        stored = { ...SETTINGS, ...(call.body as Pick<Settings, 'wallets' | 'supportChat'>) };
        return { body: { message: 'Settings updated', settings: stored } };
      },
    });
    const { user, queryClient } = await renderForm();
    await user.clear(wallet(1).getByLabelText('Account number'));
    await user.type(wallet(1).getByLabelText('Account number'), ' 0345-1234567 ');
    await user.clear(screen.getByLabelText('Support chat link'));
    await user.type(screen.getByLabelText('Support chat link'), 'https://wa.me/923451234567');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('✅ Settings updated')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/admin/settings');
    expect(put?.body).toEqual({
      wallets: [{ ...SETTINGS.wallets[0], accountNumber: '0345-1234567' }, ...SETTINGS.wallets.slice(1)],
      supportChat: 'https://wa.me/923451234567',
    });
    expect(queryClient.getQueryData<Settings>(settingsQueryKey)?.wallets[0]?.accountNumber).toBe('0345-1234567');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/settings')).toHaveLength(2));
    expect(wallet(1).getByLabelText('Account number')).toHaveValue('0345-1234567');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it("alerts '❌ ' and the server's message", async () => {
    mockApi({
      'GET /api/settings': { body: SETTINGS },
      'PUT /api/admin/settings': { status: 403, body: { message: MESSAGES.adminRequired } },
    });
    const { user } = await renderForm();
    await user.type(wallet(1).getByLabelText('Account name'), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(`❌ ${MESSAGES.adminRequired}`)).toBeInTheDocument();
  });
});
