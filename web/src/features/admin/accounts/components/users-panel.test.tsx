import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { UsersPanel } from '@/features/admin/accounts/components/users-panel';
import { aProfile } from '@/testing/fixtures';
import { admin, closeDialog, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };
const ali = aProfile();

describe('UsersPanel', () => {
  // jsdom does not know <search> (the search form's landmark), and React says so once per run: every
  // other console.error still fails the test (tests/support/fail-on-console-error.ts).
  beforeEach(() => {
    const report = (console.error as unknown as Mock).getMockImplementation();
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!/The tag <%s> is unrecognized in this browser/.test(String(args[0])) || args[1] !== 'search') report?.(...args);
    });
  });

  it('credits a listed account by its id, not by the email it showed', async () => {
    const { calls } = mockApi({
      'GET /api/admin/users': { body: { users: [ali], nextCursor: null } },
      'POST /api/admin/add-balance': { body: { message: 'Balance updated', user: { ...ali, balance: 100 } } },
    });
    const { user } = renderApp(<UsersPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Credit ali@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Balance' });
    expect(within(dialog).getByText('Ali')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('User email')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount (Rs)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    expect(await screen.findByText('✅ Balance updated!')).toBeInTheDocument();
    const credit = calls.find((call) => call.method === 'POST');
    expect(credit?.body).toEqual({ userId: 'u1', amount: 100 });
    expect(credit?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with '❌ ' and the server's message when the credit fails", async () => {
    mockApi({
      'GET /api/admin/users': { body: { users: [ali], nextCursor: null } },
      'POST /api/admin/add-balance': { status: 404, body: { message: 'User not found', field: 'userId' } },
    });
    const { user } = renderApp(<UsersPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Credit ali@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Balance' });
    await user.type(within(dialog).getByLabelText('Amount (Rs)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('❌ User not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
  });

  it('retries a credit whose answer was lost with the same Idempotency-Key, after closing and reopening the dialog', async () => {
    let answer: { status: number; body: unknown } = { status: 504, body: 'upstream request timeout' };
    const { calls } = mockApi({
      'GET /api/admin/users': { body: { users: [ali], nextCursor: null } },
      'POST /api/admin/add-balance': () => answer,
    });
    const { user } = renderApp(<UsersPanel />, asAdmin);
    const creditOnce = async () => {
      await user.click(await screen.findByRole('button', { name: 'Credit ali@example.com' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Balance' });
      await user.type(within(dialog).getByLabelText('Amount (Rs)'), '5000');
      await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    };
    await creditOnce();
    expect(await screen.findByText(/❌/)).toBeInTheDocument();
    await closeDialog(user, 'Add Balance');
    answer = { status: 200, body: { message: 'Balance updated', user: { ...ali, balance: 5000 } } };
    await creditOnce();
    expect(await screen.findByText('✅ Balance updated!')).toBeInTheDocument();
    const [first, second] = calls.filter((call) => call.method === 'POST');
    expect(first?.headers['idempotency-key']).toBeTruthy();
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('searches by name or by email prefix, and shows each account’s balance, state and a link to it', async () => {
    const blocked = {
      ...ali,
      _id: 'u2',
      name: 'Bilal',
      email: 'bilal@example.com',
      balance: 12.5,
      blocked: { reason: 'Fraud', at: '2026-02-01T00:00:00.000Z' },
    };
    const { calls } = mockApi({ 'GET /api/admin/users': { body: { users: [ali, blocked], nextCursor: null } } });
    const { user } = renderApp(<UsersPanel />, asAdmin);
    const table = await screen.findByRole('table', { name: 'Users' });
    const bilalRow = within(table).getByText('bilal@example.com').closest('tr') as HTMLElement;
    expect(within(bilalRow).getByText('Blocked')).toBeInTheDocument();
    expect(within(bilalRow).getByText('Rs 12.50')).toBeInTheDocument();
    expect(within(bilalRow).getByRole('link', { name: 'Bilal' })).toHaveAttribute('href', '/admin/users/u2');
    expect(within(within(table).getByText('ali@example.com').closest('tr') as HTMLElement).getByText('Active')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Search by'), 'name');
    await user.type(screen.getByLabelText('Search users by name'), 'Bi{Enter}');
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ q: 'bi', by: 'name' }));
    await user.selectOptions(screen.getByLabelText('Search by'), 'email');
    await user.clear(screen.getByLabelText('Search users by email'));
    await user.type(screen.getByLabelText('Search users by email'), 'ALI@{Enter}');
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ q: 'ali@', by: 'email' }));
    expect(calls[0]?.query).not.toHaveProperty('q');
  });

  it('loads the next page of users with the cursor', async () => {
    const bilal = { ...ali, _id: 'u2', name: 'Bilal', email: 'bilal@example.com' };
    const { calls } = mockApi({
      'GET /api/admin/users': (call) =>
        call.query.cursor === 'next' ? { body: { users: [bilal], nextCursor: null } } : { body: { users: [ali], nextCursor: 'next' } },
    });
    const { user } = renderApp(<UsersPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('bilal@example.com')).toBeInTheDocument();
    expect(screen.getByText('ali@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.query.cursor)).toEqual([undefined, 'next']);
  });
});
