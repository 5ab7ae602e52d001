import type { WalletDevice } from '@shared/wallet-autopilot';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletPhonesPanel } from '@/features/admin/top-ups/components/wallet-phones-panel';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp, SETTINGS } from '@/testing/render';

const asAdmin = { route: '/admin/settings', auth: fakeAuth({ user: admin }) };
const KEY = 'k3yK3yk3yK3yk3yK3yk3yK3yk3yK3y12';
const WEBHOOK = 'https://shohrat.example/api/wallet-events?device=dev9';

function device(id: string, fields: Partial<WalletDevice> = {}): WalletDevice {
  return {
    _id: id,
    name: `Phone ${id}`,
    wallet: 'Easypaisa',
    senders: ['3737'],
    state: 'healthy',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: null,
    lastEventAt: null,
    revokedAt: null,
    appDeviceId: null,
    ...fields,
  };
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/wallet-devices');

function mockPhones(devices: WalletDevice[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/settings': { body: SETTINGS },
    'GET /api/admin/wallet-devices': { body: { devices, nextCursor: null } },
    ...extra,
  });
}

describe('WalletPhonesPanel', () => {
  it('lists each phone with its wallet, senders and state; a revoked one has no Revoke', async () => {
    mockPhones([
      device('a', { name: 'Shop phone', senders: ['3737', 'Easypaisa'] }),
      device('b', { name: 'Old phone', wallet: 'JazzCash', state: 'silent', lastSeenAt: '2026-01-01T10:00:00.000Z' }),
      device('c', { name: 'Lost phone', state: 'revoked', revokedAt: '2026-01-02T10:00:00.000Z' }),
    ]);
    renderApp(<WalletPhonesPanel />, asAdmin);
    const shop = (await screen.findByText('Shop phone')).closest('tr') as HTMLElement;
    expect(within(shop).getByText('Senders: 3737, Easypaisa')).toBeInTheDocument();
    expect(within(shop).getByText('healthy')).toBeInTheDocument();
    expect(within(shop).getAllByText('Never')).toHaveLength(2);
    const old = screen.getByText('Old phone').closest('tr') as HTMLElement;
    expect(within(old).getByText('silent')).toBeInTheDocument();
    expect(within(old).getByText('JazzCash')).toBeInTheDocument();
    const lost = screen.getByText('Lost phone').closest('tr') as HTMLElement;
    expect(within(lost).getByText('revoked')).toBeInTheDocument();
    expect(within(lost).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('revokes a phone after its confirmation', async () => {
    const { calls } = mockPhones([device('a', { name: 'Shop phone' })], { 'DELETE /api/admin/wallet-devices/a': { status: 204 } });
    const { user } = renderApp(<WalletPhonesPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Revoke Shop phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke phone' });
    expect(dialog).toHaveTextContent('Revoke Shop phone? Its messages are refused from now on; pair the phone again to use it.');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('✅ Shop phone revoked')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/wallet-devices/a']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pairs a phone and shows its key once: only "I have copied it" closes it, and the key is kept nowhere after', async () => {
    const { calls } = mockPhones([], {
      'POST /api/admin/wallet-devices': {
        status: 201,
        body: { device: device('dev9', { name: 'Shop phone', senders: ['3737', 'Easypaisa'] }), signingKey: KEY, webhookUrl: WEBHOOK },
      },
    });
    const { user, queryClient } = renderApp(<WalletPhonesPanel />, asAdmin);
    await screen.findByText('No phone paired yet.');
    await user.type(screen.getByLabelText('Phone name'), 'Shop phone');
    await user.selectOptions(screen.getByLabelText('Wallet'), 'Easypaisa');
    await user.type(screen.getByLabelText('Senders'), ' 3737, Easypaisa ,, ');
    await user.click(screen.getByRole('button', { name: 'Pair phone' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pair Shop phone' });
    expect(posts(calls).map((c) => c.body)).toEqual([{ name: 'Shop phone', wallet: 'Easypaisa', senders: ['3737', 'Easypaisa'] }]);
    expect(dialog).toHaveTextContent('This key is shown only now.');
    expect(within(dialog).getByText(KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(WEBHOOK)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy Signing key' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy Webhook URL' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      `curl -X POST -u <user>:<pass> -H 'Content-Type: application/json' -d '{"url":"${WEBHOOK}","event":"sms:received"}' http://<phone-ip>:8080/webhooks`,
    );
    expect(dialog).toHaveTextContent(`-d '{"url":"${WEBHOOK}","event":"system:ping"}'`);
    expect(dialog).toHaveTextContent('Settings → Ping: an interval of 300 seconds.');

    // Neither Escape nor a close button nor the backdrop loses it.
    expect(within(dialog).queryByRole('button', { name: 'Close dialog' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(dialog.previousElementSibling as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Pair Shop phone' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).not.toHaveTextContent(KEY);
    const cached = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.data),
      { ...localStorage },
      { ...sessionStorage },
    ]);
    expect(cached).not.toContain(KEY);
    // The form is empty for the next phone.
    expect(screen.getByLabelText('Phone name')).toHaveValue('');
  });

  it('refuses an empty sender list before any call, and shows the server’s refusal next to its field', async () => {
    const { calls } = mockPhones([], {
      'POST /api/admin/wallet-devices': {
        status: 400,
        body: { code: 'invalid_input', field: 'senders.1', message: 'A sender is letters, digits, spaces, + . _ or -' },
      },
    });
    const { user } = renderApp(<WalletPhonesPanel />, asAdmin);
    await screen.findByText('No phone paired yet.');
    await user.type(screen.getByLabelText('Phone name'), 'Shop phone');
    await user.selectOptions(screen.getByLabelText('Wallet'), 'JazzCash');
    await user.type(screen.getByLabelText('Senders'), ' , ');
    await user.click(screen.getByRole('button', { name: 'Pair phone' }));
    expect(await screen.findByText('List at least one sender id')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Senders'));
    await user.type(screen.getByLabelText('Senders'), '8558, Jazz');
    await user.click(screen.getByRole('button', { name: 'Pair phone' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(screen.getByLabelText('Senders')).toHaveAccessibleDescription('A sender is letters, digits, spaces, + . _ or -');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
