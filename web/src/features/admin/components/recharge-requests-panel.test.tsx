import type { AdminRechargeRequest } from '@shared/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RechargeRequestsPanel } from '@/features/admin/components/recharge-requests-panel';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

function request(id: string, reference: string, duplicate: boolean): AdminRechargeRequest {
  return {
    _id: id,
    user: { _id: `u-${id}`, name: 'Ali', email: `${id}@example.com` },
    amount: 500,
    method: 'Easypaisa',
    reference,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    duplicate,
  };
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
});
