import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FRESH_REQUEST_MS, useTopUpWatch, watchInterval } from '@/features/recharge/hooks/use-top-up-watch';
import { profileQueryKey } from '@/lib/profile';
import { aRechargeRequest } from '@/testing/fixtures';
import { customer, mockApi, renderApp } from '@/testing/render';

const NOW = Date.parse('2026-11-27T10:00:00.000Z');
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

describe('watchInterval', () => {
  it('looks every 5 s while a recent request waits, every minute for older ones, never when none waits', () => {
    expect(watchInterval(undefined, NOW)).toBe(false);
    expect(watchInterval([{ status: 'approved', createdAt: at(1000) }], NOW)).toBe(false);
    expect(watchInterval([{ status: 'pending', createdAt: at(1000) }], NOW)).toBe(5_000);
    expect(watchInterval([{ status: 'pending', createdAt: at(FRESH_REQUEST_MS + 1) }], NOW)).toBe(60_000);
    expect(
      watchInterval(
        [
          { status: 'pending', createdAt: at(FRESH_REQUEST_MS + 1) },
          { status: 'pending', createdAt: at(10) },
        ],
        NOW,
      ),
    ).toBe(5_000);
  });
});

function Watcher() {
  const requests = useTopUpWatch();
  return <output data-testid="statuses">{(requests.data ?? []).map((r) => r.status).join(',')}</output>;
}

describe('useTopUpWatch', () => {
  it('a pending request that turns approved refreshes the balance and says so, once', async () => {
    const request = aRechargeRequest({ amount: 1500, method: 'Easypaisa', createdAt: new Date().toISOString() });
    let current: Record<string, unknown> = request;
    mockApi({ 'GET /api/recharge-requests/mine': () => ({ body: { requests: [current] } }) });
    const { queryClient } = renderApp(<Watcher />, { route: '/dashboard' });
    await waitFor(() => expect(screen.getByTestId('statuses')).toHaveTextContent('pending'));
    queryClient.setQueryData(profileQueryKey(customer.uid), { balance: 0 });
    current = { ...request, status: 'approved', autoCredited: true };
    await queryClient.refetchQueries({ queryKey: ['my-recharge-requests'] });
    expect(await screen.findByText('Top-up approved: Rs 1,500 added to your balance.')).toBeInTheDocument();
    expect(queryClient.getQueryState(profileQueryKey(customer.uid))?.isInvalidated).toBe(true);
    await queryClient.refetchQueries({ queryKey: ['my-recharge-requests'] });
    expect(screen.getAllByText('Top-up approved: Rs 1,500 added to your balance.')).toHaveLength(1);
  });
});
