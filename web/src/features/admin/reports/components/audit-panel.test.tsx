import type { AuditEntry } from '@shared/schemas/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuditPanel, auditChanges } from '@/features/admin/reports/components/audit-panel';
import { admin, fakeAuth, ignoreUnknownSearchElement, mockApi, renderApp } from '@/testing/render';

const entry: AuditEntry = {
  _id: 'a1',
  subject: 'orders/123456789',
  action: 'status',
  by: 'boss@example.com',
  byUid: 'b1',
  at: '2026-01-01T10:00:00.000Z',
  before: { status: 'pending', remains: null },
  after: { status: 'partial', remains: 400, refund: 12.5 },
};

describe('auditChanges', () => {
  it('lists each changed field as before → after, and leaves out what did not change', () => {
    expect(auditChanges({ before: { a: 1, same: 'x' }, after: { a: 2, same: 'x', wallets: [{ provider: 'NayaPay' }] } })).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'wallets', before: '—', after: '[{"provider":"NayaPay"}]' },
    ]);
    expect(auditChanges({})).toEqual([]);
  });

  it('shows rupee fields as amounts, a bulk change’s rates too', () => {
    expect(
      auditChanges({
        before: { balance: 358.5, ratePer1000: 20, rates: { 'tt-views-fast': 20 }, remains: 40 },
        after: { balance: 1358.5, amount: 1000, ratePer1000: 22.5, rates: { 'tt-views-fast': 22 }, remains: 30 },
      }),
    ).toEqual([
      { field: 'balance', before: 'Rs 358.50', after: 'Rs 1,358.50' },
      { field: 'ratePer1000', before: 'Rs 20', after: 'Rs 22.50' },
      { field: 'rates', before: 'tt-views-fast Rs 20', after: 'tt-views-fast Rs 22' },
      { field: 'remains', before: '40', after: '30' },
      { field: 'amount', before: '—', after: 'Rs 1,000' },
    ]);
  });
});

describe('AuditPanel', () => {
  beforeEach(ignoreUnknownSearchElement);

  it('shows who did what and what changed, and filters by admin and action', async () => {
    const { calls } = mockApi({ 'GET /api/admin/audit': { body: { entries: [entry], nextCursor: null } } });
    const { user } = renderApp(<AuditPanel />, { route: '/admin/audit', auth: fakeAuth({ user: admin }) });
    const row = (await screen.findByText('orders/123456789')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Order status changed')).toBeInTheDocument();
    expect(within(row).getByText('boss@example.com')).toBeInTheDocument();
    expect(row).toHaveTextContent('status: pending → partial');
    expect(row).toHaveTextContent('remains: — → 400');
    expect(row).toHaveTextContent('refund: — → Rs 12.50');

    await user.selectOptions(screen.getByLabelText('Action'), 'credit');
    await user.type(screen.getByLabelText('Admin email or uid'), 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/audit').at(-1)?.query).toMatchObject({
        type: 'credit',
        actor: 'boss@example.com',
      }),
    );
  });

  it('filters by an admin’s uid as well as an email (the API takes either)', async () => {
    const { calls } = mockApi({ 'GET /api/admin/audit': { body: { entries: [entry], nextCursor: null } } });
    const { user } = renderApp(<AuditPanel />, { route: '/admin/audit', auth: fakeAuth({ user: admin }) });
    await screen.findByText('orders/123456789');
    const actor = screen.getByLabelText('Admin email or uid');
    await user.type(actor, 'Xk3pQ9adminUid42');
    // The browser would refuse to submit a uid in an email field.
    expect(actor).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/audit').at(-1)?.query).toMatchObject({ actor: 'Xk3pQ9adminUid42' }),
    );
  });

  it('links an entry to the account and the order it is about', async () => {
    const credit: AuditEntry = {
      _id: 'a2',
      subject: 'recharges/r1',
      action: 'credit',
      by: 'boss@example.com',
      byUid: 'b1',
      at: '2026-01-01T11:00:00.000Z',
      after: { balance: 100, userId: 'u 1', amount: 100 },
    };
    const adjust: AuditEntry = { ...credit, _id: 'a3', subject: 'users/u2', action: 'adjust', after: { balance: 90 } };
    mockApi({ 'GET /api/admin/audit': { body: { entries: [entry, credit, adjust], nextCursor: null } } });
    renderApp(<AuditPanel />, { route: '/admin/audit', auth: fakeAuth({ user: admin }) });
    expect(await screen.findByRole('link', { name: 'orders/123456789' })).toHaveAttribute('href', '/admin/orders?q=123456789');
    expect(screen.getByRole('link', { name: 'users/u2' })).toHaveAttribute('href', '/admin/users/u2');
    // A subject with no page of its own stays text; the account it touched is a link.
    expect(screen.queryByRole('link', { name: 'recharges/r1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'u 1' })).toHaveAttribute('href', '/admin/users/u%201');
  });
});
