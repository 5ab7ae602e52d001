import type { Refill } from '@shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RefillRequestsPanel } from '@/features/admin/orders/components/refill-requests-panel';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

function refill(number: number, status: Refill['status'] = 'pending'): Refill {
  return {
    _id: String(number),
    number,
    user: { _id: 'u1', name: 'Ali', email: 'ali@example.com' },
    orderId: String(400_000_000 + number),
    service: 'Instagram Followers Real Followers',
    link: 'https://www.instagram.com/ali.shop',
    status,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, number)).toISOString(),
    ...(status === 'pending' ? {} : { decidedAt: '2026-01-02T00:00:00.000Z' }),
  };
}

const PENDING = Array.from({ length: 7 }, (_, i) => refill(310_000_100 + i));

/** The URLs the panel fetched its lists from. */
function listUrls(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/refills');
}

describe('RefillRequestsPanel', () => {
  it('lists pending requests, 5 at a time with Show More and Show Less', async () => {
    const { fetchMock } = mockApi({ 'GET /api/admin/refills': { body: { refills: PENDING, nextCursor: null } } });
    const { user } = renderApp(<RefillRequestsPanel />, asAdmin);
    expect(await screen.findByText(`#${PENDING[0]?.number}`)).toBeInTheDocument();
    expect(listUrls(fetchMock)[0]?.searchParams.get('status')).toBe('pending');
    expect(screen.getAllByRole('button', { name: /^Complete refill/ })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getAllByRole('button', { name: /^Complete refill/ })).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.getAllByRole('button', { name: /^Complete refill/ })).toHaveLength(5);
  });

  it('filters by status, and lists all in the server’s order (newest first) across Load more pages', async () => {
    const done = refill(310_000_900, 'completed');
    const rejected = refill(310_000_901, 'rejected');
    const older = PENDING[0] as Refill;
    let lists = 0;
    const { fetchMock } = mockApi({
      // The first list is the pending one; then 'all' in two pages, the pending request on the second;
      // then 'completed'.
      'GET /api/admin/refills': (call) => {
        lists++;
        if (lists === 1) return { body: { refills: [], nextCursor: null } };
        if (call.query.cursor === 'p2') return { body: { refills: [older], nextCursor: null } };
        return { body: { refills: [rejected, done], nextCursor: 'p2' } };
      },
    });
    const { user } = renderApp(<RefillRequestsPanel />, asAdmin);
    expect(await screen.findByText('No pending refill requests.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Refill status'), 'all');
    await screen.findByText(`#${done.number}`);
    expect(listUrls(fetchMock).at(-1)?.searchParams.has('status')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(`#${older.number}`);
    // A pending request from a later page stays where the server put it: loading more never reorders
    // the rows already shown.
    const statuses = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByText(/^(pending|completed|rejected)$/).textContent);
    expect(statuses).toEqual(['rejected', 'completed', 'pending']);
    expect(screen.getAllByRole('button', { name: /^Complete refill/ })).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Refill status'), 'completed');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)?.searchParams.get('status')).toBe('completed'));
  });

  it('completes a request after a confirmation, says so, and refetches', async () => {
    let pending = PENDING.slice(0, 2);
    const target = PENDING[0] as Refill;
    const { calls, fetchMock } = mockApi({
      'GET /api/admin/refills': () => ({ body: { refills: pending, nextCursor: null } }),
      [`POST /api/admin/refills/${target._id}/complete`]: () => {
        pending = pending.filter((r) => r._id !== target._id);
        return { body: { message: 'Refill completed', refill: { ...target, status: 'completed', decidedAt: '2026-01-02T00:00:00.000Z' } } };
      },
    });
    const { user } = renderApp(<RefillRequestsPanel />, asAdmin);
    const complete = await screen.findByRole('button', { name: `Complete refill ${target.number}` });

    await user.click(complete);
    let dialog = screen.getByRole('dialog', { name: `Complete refill #${target.number}?` });
    expect(within(dialog).getByText(/ali@example.com/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(complete);
    dialog = screen.getByRole('dialog', { name: `Complete refill #${target.number}?` });
    const fetchesBefore = listUrls(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('✅ Refill completed')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/refills/${target._id}/complete`]);
    await waitFor(() => expect(screen.queryByRole('button', { name: `Complete refill ${target.number}` })).not.toBeInTheDocument());
    expect(listUrls(fetchMock).length).toBeGreaterThan(fetchesBefore);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows where a refill of a provider order stands at the provider', async () => {
    const asked: Refill = { ...refill(310_000_201), upstream: { state: 'sent', providerRefillId: '701', status: 'In progress' } };
    const refused: Refill = { ...refill(310_000_202), upstream: { state: 'failed', error: 'Refill is disabled' } };
    mockApi({ 'GET /api/admin/refills': { body: { refills: [asked, refused, refill(310_000_203)], nextCursor: null } } });
    renderApp(<RefillRequestsPanel />, asAdmin);
    const row = async (number: number) => (await screen.findByText(`#${number}`)).closest('tr') as HTMLElement;
    expect(within(await row(310_000_201)).getByText('Provider: asked · refill 701 · In progress')).toBeInTheDocument();
    expect(within(await row(310_000_202)).getByText('Refill is disabled')).toBeInTheDocument();
    expect(within(await row(310_000_203)).queryByText(/Provider/)).toBeNull();
    // Deciding by hand stays possible.
    expect(within(await row(310_000_201)).getByRole('button', { name: 'Complete refill 310000201' })).toBeEnabled();
  });

  it('rejects with the reason the customer will read on their order', async () => {
    const target = PENDING[1] as Refill;
    const { calls } = mockApi({
      'GET /api/admin/refills': { body: { refills: [target], nextCursor: null } },
      [`POST /api/admin/refills/${target._id}/reject`]: { body: { message: 'Refill rejected', refill: { ...target, status: 'rejected' } } },
    });
    const { user } = renderApp(<RefillRequestsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: `Reject refill ${target.number}` }));
    const dialog = screen.getByRole('dialog', { name: `Reject refill #${target.number}?` });
    await user.type(within(dialog).getByLabelText('Reason (optional, shown to the customer)'), '  The count did not drop  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'The count did not drop' }]),
    );
  });

  it("shows the server's refusal when a request was already decided, and refetches", async () => {
    const target = PENDING[1] as Refill;
    const { fetchMock } = mockApi({
      'GET /api/admin/refills': { body: { refills: [target], nextCursor: null } },
      [`POST /api/admin/refills/${target._id}/reject`]: { status: 409, body: { message: 'This refill request was already completed' } },
    });
    const { user } = renderApp(<RefillRequestsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: `Reject refill ${target.number}` }));
    const dialog = screen.getByRole('dialog', { name: `Reject refill #${target.number}?` });
    const fetchesBefore = listUrls(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('❌ This refill request was already completed')).toBeInTheDocument();
    await waitFor(() => expect(listUrls(fetchMock).length).toBeGreaterThan(fetchesBefore));
  });
});
