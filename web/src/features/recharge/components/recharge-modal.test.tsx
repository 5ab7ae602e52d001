import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RechargeModal } from '@/features/recharge/components/recharge-modal';
import { aRechargeRequest } from '@/testing/fixtures';
import { mockApi, renderApp, SETTINGS } from '@/testing/render';

const request = aRechargeRequest();

function renderModal() {
  return renderApp(<RechargeModal open onClose={() => {}} email="ali@example.com" settings={SETTINGS} />, { route: '/dashboard' });
}

/** Asks for a top-up of Rs\u00a0500 through `wallet` (transaction TX12345678, paid from 0345 1234567). */
async function requestTopUp(user: ReturnType<typeof renderApp>['user'], wallet: string) {
  await user.clear(screen.getByLabelText('Amount (Rs)'));
  await user.type(screen.getByLabelText('Amount (Rs)'), '500');
  await user.selectOptions(screen.getByLabelText('Wallet'), wallet);
  await user.type(screen.getByLabelText('Transaction ID'), 'TX12345678');
  await user.type(screen.getByLabelText('Paid from (mobile number or account)'), '0345 1234567');
  await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
}

describe('RechargeModal', () => {
  it('lists the 4 wallet accounts with copy buttons and the chat-proof link', async () => {
    mockApi({ 'GET /api/recharge-requests/mine': { body: { requests: [] } } });
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Recharge Balance' });
    for (const wallet of SETTINGS.wallets) {
      expect(within(dialog).getByText(wallet.accountNumber)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: `Copy ${wallet.provider} number` })).toBeInTheDocument();
    }
    const proof = within(dialog).getByRole('link', { name: 'Send proof on chat' });
    expect(new URL(proof.getAttribute('href') ?? '').searchParams.get('text')).toContain('ali@example.com');
    expect(await within(dialog).findByText('No recharge requests yet.')).toBeInTheDocument();
  });

  it('writes the typed amount into the chat proof as money (Rs\u00a01,000.50)', async () => {
    mockApi({ 'GET /api/recharge-requests/mine': { body: { requests: [] } } });
    const { user } = renderModal();
    await user.clear(screen.getByLabelText('Amount (Rs)'));
    await user.type(screen.getByLabelText('Amount (Rs)'), '1000.5');
    const proof = screen.getByRole('link', { name: 'Send proof on chat' });
    expect(new URL(proof.getAttribute('href') ?? '').searchParams.get('text')).toMatch(/^Hello, I sent Rs\u00a01,000\.50 to recharge/);
  });

  it('asks for at least Rs\u00a0100, a wallet and a transaction id', async () => {
    const { calls } = mockApi({ 'GET /api/recharge-requests/mine': { body: { requests: [] } } });
    const { user } = renderModal();
    await user.clear(screen.getByLabelText('Amount (Rs)'));
    await user.type(screen.getByLabelText('Amount (Rs)'), '99');
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText('Minimum recharge is Rs 100')).toBeInTheDocument();
    expect(screen.getByText('Choose a wallet')).toBeInTheDocument();
    expect(screen.getByText('Transaction ID must be 6-40 letters or digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount (Rs)'));
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText('Amount must be a number')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('submits the request with an Idempotency-Key and shows it in the list', async () => {
    let requests: unknown[] = [];
    const { calls } = mockApi({
      'GET /api/recharge-requests/mine': () => ({ body: { requests } }),
      'POST /api/recharge-requests': () => {
        requests = [request];
        return { status: 201, body: { request } };
      },
    });
    const { user } = renderModal();
    await requestTopUp(user, 'JazzCash');
    expect(await screen.findByText(/Recharge request submitted/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ amount: 500, method: 'JazzCash', reference: 'TX12345678', payerNumber: '0345 1234567' });
    expect(post?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.getByText('pending')).toBeInTheDocument());
    expect(screen.getByLabelText('Transaction ID')).toHaveValue('');
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/recharge-requests/mine': { body: { requests: [] } },
      'POST /api/recharge-requests': { status: 409, body: { message: 'This transaction ID was already submitted' } },
    });
    const { user } = renderModal();
    await user.selectOptions(screen.getByLabelText('Wallet'), 'Easypaisa');
    await user.type(screen.getByLabelText('Transaction ID'), 'TX12345678');
    await user.type(screen.getByLabelText('Paid from (mobile number or account)'), '0345 1234567');
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText('❌ This transaction ID was already submitted')).toBeInTheDocument();
  });

  it('disables the request offline and says why; the wallet accounts stay readable', () => {
    mockApi({ 'GET /api/recharge-requests/mine': { body: { requests: [] } } });
    onlineManager.setOnline(false);
    renderModal();
    const submit = screen.getByRole('button', { name: 'Submit recharge request' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('You are offline. Recharge requests can be sent again once you are back online.');
    expect(screen.getByText(SETTINGS.wallets[0]?.accountNumber ?? '')).toBeInTheDocument();
  });

  it('asks for the number paid from, starts with the one the profile remembers, and refuses one that is no number', async () => {
    const { calls } = mockApi({ 'GET /api/recharge-requests/mine': { body: { requests: [] } } });
    const { user } = renderApp(
      <RechargeModal open onClose={() => {}} email="ali@example.com" settings={SETTINGS} payerNumber="03451234567" />,
      { route: '/dashboard' },
    );
    const field = screen.getByLabelText('Paid from (mobile number or account)');
    expect(field).toHaveValue('0345 1234567');
    await user.clear(field);
    await user.type(field, '12345');
    await user.selectOptions(screen.getByLabelText('Wallet'), 'Easypaisa');
    await user.type(screen.getByLabelText('Transaction ID'), 'TX12345678');
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText('Enter the mobile number or account you paid from, e.g. 0345 1234567')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says which wallets are credited automatically and which are checked by hand', async () => {
    mockApi({
      'GET /api/recharge-requests/mine': { body: { requests: [] } },
      'GET /api/wallet-status': {
        body: { wallets: SETTINGS.wallets.map((w) => ({ provider: w.provider, automatic: w.provider === 'Easypaisa' })) },
      },
    });
    const { user } = renderModal();
    const easypaisa = (await screen.findByText('✓ Credited automatically')).closest('li');
    expect(easypaisa).toHaveTextContent('Easypaisa');
    expect(screen.getAllByText('Checked by hand')).toHaveLength(SETTINGS.wallets.length - 1);
    await user.selectOptions(screen.getByLabelText('Wallet'), 'Easypaisa');
    expect(screen.getByLabelText('Wallet')).toHaveAccessibleDescription(
      'Easypaisa payments are credited automatically, usually within a minute.',
    );
    await user.selectOptions(screen.getByLabelText('Wallet'), 'JazzCash');
    expect(screen.getByLabelText('Wallet')).toHaveAccessibleDescription(
      'JazzCash payments are checked by hand: your balance is credited once the admin confirms the payment.',
    );
  });

  it('a request the wallet’s SMS already matched says the balance was credited', async () => {
    const approved = { ...request, method: 'Easypaisa', status: 'approved', autoCredited: true, payerNumber: '03451234567' };
    mockApi({
      'GET /api/recharge-requests/mine': { body: { requests: [] } },
      'POST /api/recharge-requests': { status: 201, body: { request: approved } },
    });
    const { user } = renderModal();
    await requestTopUp(user, 'Easypaisa');
    expect(await screen.findByText('Top-up approved: Rs 500 added to your balance.')).toBeInTheDocument();
  });
});
