import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddBalanceForm } from '@/features/admin/money/components/add-balance-form';
import { aProfile } from '@/testing/fixtures';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const profile = aProfile({ balance: 600 });
const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

describe('AddBalanceForm', () => {
  it('requires an email and a numeric amount', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp(<AddBalanceForm />, asAdmin);
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Amount must be a number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (Rs)'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('Amount must be greater than 0')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("alerts '✅ Balance updated!' and sends an Idempotency-Key", async () => {
    const { calls } = mockApi({ 'POST /api/admin/add-balance': { body: { message: 'Balance updated', user: profile } } });
    const { user } = renderApp(<AddBalanceForm />, asAdmin);
    await user.type(screen.getByLabelText('User email'), 'Ali@Example.com');
    await user.type(screen.getByLabelText('Amount (Rs)'), '100');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('✅ Balance updated!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ali@example.com', amount: 100 });
    expect(calls[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it("alerts '❌ ' and the server's message", async () => {
    mockApi({ 'POST /api/admin/add-balance': { status: 404, body: { message: 'User not found', field: 'email' } } });
    const { user } = renderApp(<AddBalanceForm />, asAdmin);
    await user.type(screen.getByLabelText('User email'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Amount (Rs)'), '100');
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('❌ User not found')).toBeInTheDocument();
  });
});
