// The recharge form's payment screenshot. The shrinking (a canvas, which jsdom has not) and the upload
// (the Storage SDK) are stood in for here; shrink-image.test.ts tests the shrinking's decisions, and
// tests/e2e/payment-proof.test.ts the real ones in Chromium against the Storage emulator.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RechargeModal } from '@/features/recharge/components/recharge-modal';
import { aRechargeRequest } from '@/testing/fixtures';
import { type MockResponse, mockApi, renderApp, SETTINGS } from '@/testing/render';

const uploads = vi.hoisted(() => ({ uploadProof: vi.fn(), prepareUpload: vi.fn() }));
vi.mock('@/features/recharge/api/upload-proof', () => uploads);
vi.mock('@/features/recharge/lib/shrink-image', async (original) => ({
  ...(await original<typeof import('@/features/recharge/lib/shrink-image')>()),
  // The "shrunk" picture: a WebP of the same bytes (jsdom cannot draw).
  shrinkImage: async (file: Blob) => {
    if (!file.type.startsWith('image/'))
      throw new (await import('@/features/recharge/lib/shrink-image')).ProofError('Choose a picture (a screenshot of the payment)');
    return new Blob([await file.arrayBuffer()], { type: 'image/webp' });
  },
}));

const PATH = 'payment-proofs/u1/0d6f3c1e-aaaa-bbbb.webp';
const request = aRechargeRequest({ proof: { path: PATH } });

beforeEach(() => {
  uploads.uploadProof.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(screen.getByLabelText('Wallet'), 'JazzCash');
  await user.type(screen.getByLabelText('Transaction ID'), 'TX12345678');
  await user.type(screen.getByLabelText('Paid from (mobile number or account)'), '0345 1234567');
  await user.upload(
    screen.getByLabelText('Payment screenshot (optional)'),
    new File([new Uint8Array(64)], 'shot.png', { type: 'image/png' }),
  );
  expect(await screen.findByRole('img', { name: 'Payment screenshot preview' })).toHaveAttribute('src', 'blob:preview');
}

/** The recharge window open on the dashboard, no request of the customer's yet; POST answered by `post`. */
function renderModal(post: MockResponse | (() => MockResponse) = { status: 201, body: { request } }) {
  const { calls } = mockApi({ 'GET /api/recharge-requests/mine': { body: { requests: [] } }, 'POST /api/recharge-requests': post });
  const { user } = renderApp(<RechargeModal open onClose={() => {}} email="ali@example.com" settings={SETTINGS} />, {
    route: '/dashboard',
  });
  return { calls, user };
}

describe('RechargeModal: the payment screenshot', () => {
  it('uploads the picked picture, then sends the request naming it, and clears it after', async () => {
    uploads.uploadProof.mockImplementation(async (_picture: Blob, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return PATH;
    });
    const { calls, user } = renderModal();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText(/Recharge request submitted/)).toBeInTheDocument();
    expect(uploads.uploadProof.mock.calls[0]?.[0]).toMatchObject({ type: 'image/webp' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 100,
      method: 'JazzCash',
      reference: 'TX12345678',
      payerNumber: '0345 1234567',
      proof: PATH,
    });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Payment screenshot preview' })).toBeNull());
  });

  it('says so when the upload fails, sends nothing and keeps what was typed; a retry uploads again', async () => {
    uploads.uploadProof.mockRejectedValueOnce(new Error('storage/retry-limit-exceeded')).mockResolvedValueOnce(PATH);
    const { calls, user } = renderModal();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText('❌ The screenshot could not be uploaded. Check your connection and try again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByLabelText('Transaction ID')).toHaveValue('TX12345678');
    expect(screen.getByRole('img', { name: 'Payment screenshot preview' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText(/Recharge request submitted/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('does not upload a picture twice when only the request failed', async () => {
    uploads.uploadProof.mockResolvedValue(PATH);
    let answers = 0;
    const { user } = renderModal(() =>
      ++answers === 1 ? { status: 503, body: { message: 'Busy, try again', code: 'busy' } } : { status: 201, body: { request } },
    );
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText('❌ Busy, try again')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText(/Recharge request submitted/)).toBeInTheDocument();
    expect(uploads.uploadProof).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is not a picture with a clear message', async () => {
    renderModal();
    // `accept` only suggests: a phone's file picker can still hand over any file.
    fireEvent.change(screen.getByLabelText('Payment screenshot (optional)'), {
      target: { files: [new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a picture (a screenshot of the payment)');
    expect(screen.queryByRole('img', { name: 'Payment screenshot preview' })).toBeNull();
  });

  it('Remove takes the picture away, and the request goes without one', async () => {
    const { calls, user } = renderModal();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: 'Payment screenshot preview' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit recharge request' }));
    expect(await screen.findByText(/Recharge request submitted/)).toBeInTheDocument();
    expect(uploads.uploadProof).not.toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 100,
      method: 'JazzCash',
      reference: 'TX12345678',
      payerNumber: '0345 1234567',
    });
  });
});
