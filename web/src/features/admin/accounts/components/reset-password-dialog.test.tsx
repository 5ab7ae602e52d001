import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResetPasswordDialog } from '@/features/admin/accounts/components/reset-password-dialog';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin', auth: fakeAuth({ user: admin }) };

describe('ResetPasswordDialog', () => {
  async function openAndFill(user: ReturnType<typeof renderApp>['user'], password = 'new-password-1') {
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = screen.getByRole('dialog', { name: "Reset a user's password" });
    await user.type(within(dialog).getByLabelText('Email'), 'ali@example.com');
    if (password) await user.type(within(dialog).getByLabelText('New password'), password);
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    return dialog;
  }

  it('requires an email and a new password of 8 characters', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp(<ResetPasswordDialog />, asAdmin);
    await openAndFill(user, 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("alerts '✅ Password reset successfully!' and sends the email", async () => {
    const { calls } = mockApi({ 'POST /api/admin/reset-password': { body: { message: 'Password reset successfully' } } });
    const { user } = renderApp(<ResetPasswordDialog />, asAdmin);
    await openAndFill(user);
    expect(await screen.findByText('✅ Password reset successfully!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ali@example.com', newPassword: 'new-password-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("alerts '❌ ' and the server's message", async () => {
    mockApi({ 'POST /api/admin/reset-password': { status: 404, body: { message: 'User not found' } } });
    const { user } = renderApp(<ResetPasswordDialog />, asAdmin);
    await openAndFill(user);
    expect(await screen.findByText('❌ User not found')).toBeInTheDocument();
  });

  it("alerts '❌ Server error while resetting password' when no answer comes", async () => {
    mockApi({ 'POST /api/admin/reset-password': { networkError: true } });
    const { user } = renderApp(<ResetPasswordDialog />, asAdmin);
    await openAndFill(user);
    expect(await screen.findByText('❌ Server error while resetting password')).toBeInTheDocument();
  });
});
