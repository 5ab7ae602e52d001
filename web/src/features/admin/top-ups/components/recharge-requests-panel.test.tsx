import type { AdminRechargeRequest, RequestSms } from '@shared/schemas/top-ups';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RechargeRequestsPanel } from '@/features/admin/top-ups/components/recharge-requests-panel';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

function request(id: string, reference: string, duplicate: boolean, fields: Partial<AdminRechargeRequest> = {}): AdminRechargeRequest {
  return {
    _id: id,
    user: { _id: `u-${id}`, name: 'Ali', email: `${id}@example.com` },
    amount: 500,
    method: 'Easypaisa',
    reference,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    duplicate,
    ...fields,
  };
}

function sms(fields: Partial<RequestSms> = {}): RequestSms {
  return {
    eventId: 'Easypaisa:TX111111',
    status: 'unmatched',
    amount: 450,
    payer: '92345****67',
    text: 'You have received Rs\u00a0450.00 from 92345****67 ALI KHAN. TID TX111111.',
    receivedAt: '2026-01-01T00:05:00.000Z',
    ...fields,
  };
}

const approvals = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/approve'));
const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/recharge-requests');
const approved = (message = 'Recharge request approved') => ({
  body: { message, request: { ...request('x', 'TX', false), status: 'approved' } },
});
/** The transaction ids the queue shows, top to bottom. */
const shownIds = () =>
  within(screen.getByRole('table', { name: 'Pending Recharge Requests' }))
    .getAllByText(/^TX\d+$/)
    .map((cell) => cell.textContent);

/** The panel with one pending request r1 (Rs\u00a0500) and its wallet SMS, if any, its Approve dialog open. */
async function openApprove(requestSms: ReturnType<typeof sms> | null) {
  const { calls } = mockApi({
    'GET /api/admin/recharge-requests': { body: { requests: [request('r1', 'TX111111', false, { sms: requestSms })], nextCursor: null } },
    'POST /api/admin/recharge-requests/r1/approve': approved(),
  });
  const { user } = renderApp(<RechargeRequestsPanel />, asAdmin);
  await user.click(await screen.findByRole('button', { name: 'Approve Rs\u00a0500 for r1@example.com' }));
  const dialog = screen.getByRole('dialog', { name: 'Approve recharge request' });
  return { calls, user, dialog, amount: within(dialog).getByLabelText('Amount received (Rs)') };
}

describe('RechargeRequestsPanel', () => {
  it('flags a request whose transaction id another request also names', async () => {
    const requests = [request('r1', 'TX111111', true), request('r2', 'TX222222', false)];
    mockApi({ 'GET /api/admin/recharge-requests': { body: { requests, nextCursor: null } } });
    renderApp(<RechargeRequestsPanel />, asAdmin);
    const flagged = (await screen.findByText('TX111111')).closest('tr') as HTMLElement;
    expect(within(flagged).getByText('Duplicate ID')).toHaveAttribute('title', expect.stringContaining('Another request'));
    const plain = screen.getByText('TX222222').closest('tr') as HTMLElement;
    expect(within(plain).queryByText('Duplicate ID')).toBeNull();
  });

  it('is the whole queue, oldest first: Load more asks for the next page', async () => {
    const { calls } = mockApi({
      'GET /api/admin/recharge-requests': (call) => ({
        body:
          call.query.cursor === 'page-2'
            ? { requests: [request('r2', 'TX222222', false)], nextCursor: null }
            : { requests: [request('r1', 'TX111111', false)], nextCursor: 'page-2' },
      }),
    });
    const { user } = renderApp(<RechargeRequestsPanel />, asAdmin);
    await screen.findByText('TX111111');
    expect(calls[0]?.query).toMatchObject({ status: 'pending' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('TX222222');
    expect(screen.getByText('TX111111')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ status: 'pending', cursor: 'page-2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows each request’s wallet SMS: none yet, received with its amount and payer, or held with why; and the payer number', async () => {
    const requests = [
      request('r1', 'TX111111', false, { sms: null, payerNumber: '03451234567' }),
      request('r2', 'TX222222', false, { sms: sms() }),
      request('r3', 'TX333333', false, {
        payerNumber: '03009999999',
        sms: sms({
          status: 'held',
          amount: 500,
          reason: 'payer_mismatch',
          reasonText: 'The payer’s account in the SMS does not match the number the customer paid from',
        }),
      }),
    ];
    mockApi({ 'GET /api/admin/recharge-requests': { body: { requests, nextCursor: null } } });
    renderApp(<RechargeRequestsPanel />, asAdmin);
    const none = (await screen.findByText('TX111111')).closest('tr') as HTMLElement;
    expect(within(none).getByText('no SMS yet')).toBeInTheDocument();
    expect(within(none).queryByText('SMS received ✓')).toBeNull();
    expect(within(none).getByText('Paid from 0345 1234567')).toBeInTheDocument();

    const received = screen.getByText('TX222222').closest('tr') as HTMLElement;
    expect(within(received).getByText('SMS received ✓')).toBeInTheDocument();
    expect(within(received).getByText('Rs 450 · from 92345****67')).toBeInTheDocument();
    expect(within(received).queryByText('no SMS yet')).toBeNull();
    expect(within(received).queryByText(/does not match/)).toBeNull();

    const held = screen.getByText('TX333333').closest('tr') as HTMLElement;
    expect(within(held).getByText('SMS received ✓')).toBeInTheDocument();
    expect(within(held).getByText('The payer’s account in the SMS does not match the number the customer paid from')).toBeInTheDocument();
    expect(within(held).getByText('Paid from 0300 9999999')).toBeInTheDocument();
  });

  it('Approve asks for the amount received, prefilled with the SMS’s, shows the SMS, and credits what was entered', async () => {
    const { calls, user, dialog } = await openApprove(sms());
    expect(within(dialog).getByLabelText('Amount received (Rs)')).toHaveValue('450');
    expect(within(dialog).getByText('You have received Rs 450.00 from 92345****67 ALI KHAN. TID TX111111.')).toBeInTheDocument();
    expect(approvals(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('✅ Recharge request approved')).toBeInTheDocument();
    expect(approvals(calls).map((c) => c.body)).toEqual([{ amount: 450 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without an SMS, Approve starts from the amount requested', async () => {
    const { calls, user, dialog } = await openApprove(null);
    expect(within(dialog).getByLabelText('Amount received (Rs)')).toHaveValue('500');
    expect(dialog).toHaveTextContent('No SMS from the wallet yet');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvals(calls)).toHaveLength(1));
    expect(approvals(calls)[0]?.body).toEqual({ amount: 500 });
  });

  it('asks a second time before crediting more than requested, and again for another amount', async () => {
    const { calls, user, dialog, amount } = await openApprove(null);
    await user.clear(amount);
    await user.type(amount, '600');
    expect(within(dialog).getByText('Credit Rs 600, more than the Rs 500 requested?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('Tick the box to credit more than requested.')).toBeInTheDocument();
    expect(approvals(calls)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Yes, credit Rs 600'));
    // A yes to Rs\u00a0600 is no yes to Rs\u00a0700.
    await user.type(amount, '{Backspace}{Backspace}{Backspace}700');
    expect(within(dialog).getByLabelText('Yes, credit Rs 700')).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(approvals(calls)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Yes, credit Rs 700'));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvals(calls)).toHaveLength(1));
    expect(approvals(calls)[0]?.body).toEqual({ amount: 700 });
  });

  it('refuses an amount that is not money before any call; a lower amount needs no second yes', async () => {
    const { calls, user, dialog, amount } = await openApprove(null);
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(amount).toHaveAccessibleDescription('Amount must be greater than 0');
    expect(approvals(calls)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '499.5');
    expect(within(dialog).queryByText(/more than the/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvals(calls)).toHaveLength(1));
    expect(approvals(calls)[0]?.body).toEqual({ amount: 499.5 });
  });

  it('keeps the rows still while a dialog is open, and drops the decided row once approved', async () => {
    let server = [request('r1', 'TX111111', false, { sms: null }), request('r2', 'TX222222', false, { sms: null })];
    const { calls } = mockApi({
      'GET /api/admin/recharge-requests': () => ({ body: { requests: server, nextCursor: null } }),
      'POST /api/admin/recharge-requests/r2/approve': approved(),
    });
    const { user, queryClient } = renderApp(<RechargeRequestsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Approve Rs\u00a0500 for r2@example.com' }));
    expect(shownIds()).toEqual(['TX111111', 'TX222222']);

    // Meanwhile r1 was decided elsewhere and r3 came in: the list refetches behind the dialog.
    server = [request('r3', 'TX333333', false, { sms: null }), request('r2', 'TX222222', false, { sms: null })];
    const before = listCalls(calls).length;
    await act(() => queryClient.invalidateQueries({ queryKey: ['admin', 'recharge-requests'] }));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    expect(shownIds()).toEqual(['TX111111', 'TX222222']);

    // The server still lists r2 a moment after approving it: the row does not come back.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await screen.findByText('✅ Recharge request approved');
    await waitFor(() => expect(shownIds()).toEqual(['TX333333']));
  });

  it('keeps the row when the approval fails, and says why in the dialog', async () => {
    mockApi({
      'GET /api/admin/recharge-requests': { body: { requests: [request('r1', 'TX111111', false, { sms: null })], nextCursor: null } },
      'POST /api/admin/recharge-requests/r1/approve': {
        status: 409,
        body: { code: 'transaction_id_credited', field: 'reference', message: 'This transaction ID was already credited' },
      },
    });
    const { user } = renderApp(<RechargeRequestsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Approve Rs\u00a0500 for r1@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve recharge request' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('❌ This transaction ID was already credited')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(shownIds()).toEqual(['TX111111']);
  });

  it('lists the approved requests, saying which the autopilot credited and what was credited', async () => {
    const { calls } = mockApi({
      'GET /api/admin/recharge-requests': (call) => ({
        body: {
          requests:
            call.query.status === 'approved'
              ? [
                  request('r1', 'TX111111', false, { status: 'approved', autoCredited: true, sms: sms({ status: 'matched' }) }),
                  request('r2', 'TX222222', false, { status: 'approved', creditedAmount: 450, sms: null }),
                ]
              : [],
          nextCursor: null,
        },
      }),
    });
    const { user } = renderApp(<RechargeRequestsPanel />, asAdmin);
    await screen.findByText('No pending recharge requests.');
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    const auto = (await screen.findByText('TX111111')).closest('tr') as HTMLElement;
    expect(within(auto).getByText('Credited automatically')).toBeInTheDocument();
    expect(within(auto).queryByRole('button', { name: /Approve/ })).toBeNull();
    const byHand = screen.getByText('TX222222').closest('tr') as HTMLElement;
    expect(within(byHand).queryByText('Credited automatically')).toBeNull();
    expect(within(byHand).getByText('Rs 450 credited')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.query).toMatchObject({ status: 'approved' });
  });
});
