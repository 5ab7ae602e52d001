import type { AdminRechargeRequest } from '@shared/schemas/top-ups';
import type { WalletEvent } from '@shared/wallet-autopilot';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletEventsPanel } from '@/features/admin/top-ups/components/wallet-events-panel';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/top-ups', auth: fakeAuth({ user: admin }) };

function event(tid: string, fields: Partial<WalletEvent> = {}): WalletEvent {
  return {
    _id: `Easypaisa:${tid}`,
    wallet: 'Easypaisa',
    tid,
    amount: 800,
    payer: '92345****67',
    payerName: 'ALI KHAN',
    status: 'unmatched',
    receivedAt: '2026-01-01T10:00:00.000Z',
    arrivedAt: '2026-01-01T10:00:05.000Z',
    sender: '3737',
    text: `You have received Rs 800.00 from 92345****67 ALI KHAN. TID ${tid}.`,
    device: { _id: 'dev1', name: 'Shop phone' },
    ...fields,
  };
}

function pending(id: string, fields: Partial<AdminRechargeRequest> = {}): AdminRechargeRequest {
  return {
    _id: id,
    user: { _id: `u-${id}`, name: 'Ali', email: `${id}@example.com` },
    amount: 800,
    method: 'Easypaisa',
    reference: `TX${id}`,
    status: 'pending',
    createdAt: '2026-01-01T09:00:00.000Z',
    duplicate: false,
    sms: null,
    ...fields,
  };
}

const sent = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const gets = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);

function mockEvents(byStatus: Partial<Record<WalletEvent['status'], WalletEvent[]>>, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/wallet-events': (call) => ({
      body: { events: byStatus[call.query.status as WalletEvent['status']] ?? [], nextCursor: null },
    }),
    ...extra,
  });
}

describe('WalletEventsPanel', () => {
  it('opens on the unmatched queue, each SMS with its amount, id, payer, wallet, phone, time and text; a tab shows another state', async () => {
    const hostile = `Rs 100 ${'A'.repeat(300)}`;
    const { calls } = mockEvents({
      unmatched: [event('40000000001')],
      held: [event('40000000002', { status: 'held', reason: 'over_limit', reasonText: 'Above the auto-credit limit of Rs 10,000' })],
      unparsed: [event('x', { _id: 'u1', tid: null, amount: null, payer: null, payerName: null, status: 'unparsed', text: hostile })],
    });
    const { user } = renderApp(<WalletEventsPanel />, asAdmin);
    const row = (await screen.findByText('40000000001')).closest('tr') as HTMLElement;
    expect(gets(calls, '/api/admin/wallet-events')[0]?.query).toMatchObject({ status: 'unmatched' });
    expect(within(row).getByText('Rs 800')).toBeInTheDocument();
    expect(within(row).getByText('from 92345****67 ALI KHAN')).toBeInTheDocument();
    expect(within(row).getByText('Easypaisa')).toBeInTheDocument();
    expect(within(row).getByText('Shop phone')).toBeInTheDocument();
    expect(within(row).getByText('You have received Rs 800.00 from 92345****67 ALI KHAN. TID 40000000001.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Attach SMS 40000000001 to a request' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Dismiss SMS 40000000001' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Held' }));
    const held = (await screen.findByText('40000000002')).closest('tr') as HTMLElement;
    expect(within(held).getByText('Above the auto-credit limit of Rs 10,000')).toBeInTheDocument();
    expect(gets(calls, '/api/admin/wallet-events').at(-1)?.query).toMatchObject({ status: 'held' });
    expect(screen.queryByText('40000000001')).toBeNull();

    // An unreadable message can be dismissed, not attached; its text wraps, however long.
    await user.click(screen.getByRole('tab', { name: 'Unparsed' }));
    const unparsed = (await screen.findByText(hostile)).closest('tr') as HTMLElement;
    expect(screen.getByText(hostile)).toHaveClass('wrap-anywhere');
    expect(within(unparsed).queryByRole('button', { name: /Attach/ })).toBeNull();
    expect(within(unparsed).getByRole('button', { name: /Dismiss SMS/ })).toBeInTheDocument();
  });

  it('has no actions on a settled SMS', async () => {
    mockEvents({ matched: [event('40000000003', { status: 'matched', requestId: 'req9' })] });
    const { user } = renderApp(<WalletEventsPanel />, asAdmin);
    await screen.findByText('No unmatched SMS.');
    await user.click(screen.getByRole('tab', { name: 'Matched' }));
    const row = (await screen.findByText('40000000003')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Request req9')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Attach|Dismiss/ })).toBeNull();
  });

  it('attaches an SMS to a pending request picked from the list, the likely ones first; the lists refresh after', async () => {
    const { calls } = mockEvents(
      { unmatched: [event('40000000001')] },
      {
        'GET /api/admin/recharge-requests': {
          body: { requests: [pending('r1', { amount: 300 }), pending('r2'), pending('r3', { method: 'JazzCash' })], nextCursor: null },
        },
        'POST /api/admin/wallet-events/Easypaisa%3A40000000001/attach': {
          body: { message: 'Recharge request approved', request: { ...pending('r2'), status: 'approved' } },
        },
      },
    );
    const { user } = renderApp(<WalletEventsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Attach SMS 40000000001 to a request' }));
    const dialog = screen.getByRole('dialog', { name: 'Attach to a request' });
    const select = within(dialog).getByLabelText('Pending request');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    const likely = within(select).getByRole('group', { name: 'Same wallet and amount' });
    expect(
      within(likely)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rs\u00a0800 · Easypaisa · TXr2 · r2@example.com']);

    // Nothing chosen: nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(select).toHaveAccessibleDescription('Choose a request');
    expect(sent(calls, '/api/admin/wallet-events/Easypaisa%3A40000000001/attach')).toHaveLength(0);

    await user.selectOptions(select, 'r2');
    const eventsBefore = gets(calls, '/api/admin/wallet-events').length;
    const requestsBefore = gets(calls, '/api/admin/recharge-requests').length;
    await user.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await screen.findByText('✅ Recharge request approved')).toBeInTheDocument();
    expect(sent(calls, '/api/admin/wallet-events/Easypaisa%3A40000000001/attach').map((c) => c.body)).toEqual([{ requestId: 'r2' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(gets(calls, '/api/admin/wallet-events').length).toBeGreaterThan(eventsBefore));
    expect(gets(calls, '/api/admin/recharge-requests').length).toBeGreaterThan(requestsBefore);
    // The queue still answers the SMS (the test's server does not change): it does not come back.
    await waitFor(() => expect(screen.queryByText('40000000001')).toBeNull());
  });

  it('attaches to a typed request id, and shows a refusal in the dialog', async () => {
    const { calls } = mockEvents(
      { held: [event('40000000002', { status: 'held', reason: 'payer_mismatch' })] },
      {
        'GET /api/admin/recharge-requests': { body: { requests: [pending('r1')], nextCursor: null } },
        'POST /api/admin/wallet-events/Easypaisa%3A40000000002/attach': {
          status: 409,
          body: { code: 'already_decided', field: 'status', message: 'This SMS was already matched or dismissed' },
        },
      },
    );
    const { user } = renderApp(<WalletEventsPanel />, asAdmin);
    await user.click(await screen.findByRole('tab', { name: 'Held' }));
    await user.click(await screen.findByRole('button', { name: 'Attach SMS 40000000002 to a request' }));
    const dialog = screen.getByRole('dialog', { name: 'Attach to a request' });
    await user.type(within(dialog).getByLabelText('Or the request ID'), '  reqTyped42 ');
    expect(within(dialog).getByLabelText('Pending request')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await within(dialog).findByText('❌ This SMS was already matched or dismissed')).toBeInTheDocument();
    expect(sent(calls, '/api/admin/wallet-events/Easypaisa%3A40000000002/attach').map((c) => c.body)).toEqual([
      { requestId: 'reqTyped42' },
    ]);
  });

  it('dismisses an SMS only with a note, and sends the note', async () => {
    const { calls } = mockEvents(
      { unmatched: [event('40000000001')] },
      {
        'POST /api/admin/wallet-events/Easypaisa%3A40000000001/dismiss': (call) => ({
          body: { event: { ...event('40000000001'), status: 'dismissed', note: (call.body as { note: string }).note } },
        }),
      },
    );
    const { user } = renderApp(<WalletEventsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Dismiss SMS 40000000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss SMS' });
    expect(within(dialog).getByText('You have received Rs 800.00 from 92345****67 ALI KHAN. TID 40000000001.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Why'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).getByLabelText('Why')).toHaveAccessibleDescription('Say why');
    expect(sent(calls, '/api/admin/wallet-events/Easypaisa%3A40000000001/dismiss')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Why'), 'Owner’s own test');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('✅ SMS dismissed')).toBeInTheDocument();
    expect(sent(calls, '/api/admin/wallet-events/Easypaisa%3A40000000001/dismiss').map((c) => c.body)).toEqual([
      { note: 'Owner’s own test' },
    ]);
    await waitFor(() => expect(screen.queryByText('40000000001')).toBeNull());
  });
});
