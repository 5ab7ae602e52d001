import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecondFactor } from '@/features/auth/components/second-factor';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const passwordOnly = { ...admin, mfa: undefined };
const ENROLLED = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Shohrat:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Shohrat',
  recoveryCodes: Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}J`),
};

describe('SecondFactor', () => {
  it('sets the factor up the first time: the key and recovery codes once, then a code opens the console', async () => {
    const auth = fakeAuth({ user: passwordOnly });
    const { calls } = mockApi({
      'GET /api/admin/mfa': { body: { enrolled: false, recoveryCodesLeft: 0 } },
      'POST /api/admin/mfa/enroll': { body: ENROLLED },
      'POST /api/admin/mfa/verify': { body: { customToken: 'custom-token-1' } },
    });
    const { user } = renderApp(<SecondFactor />, { auth });
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', ENROLLED.otpauthUrl);
    expect(screen.getByLabelText('Recovery codes')).toHaveTextContent('ABCDE-FGH0J');
    await user.type(screen.getByLabelText('Code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from the app, or a recovery code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(auth.completeSecondFactor).toHaveBeenCalledWith('custom-token-1'));
    expect(calls.find((c) => c.path === '/api/admin/mfa/verify')?.body).toEqual({ code: '123456' });
    expect(calls.find((c) => c.path === '/api/admin/mfa/enroll')?.body).toEqual({});
  });

  it('asks an enrolled admin for a code, and says so on its field when the server refuses it', async () => {
    const auth = fakeAuth({ user: passwordOnly });
    mockApi({
      'GET /api/admin/mfa': { body: { enrolled: true, recoveryCodesLeft: 10 } },
      'POST /api/admin/mfa/verify': {
        status: 401,
        body: {
          code: 'mfa_invalid_code',
          message: 'That code is not valid: enter the current code from your authenticator app',
          field: 'code',
        },
      },
    });
    const { user } = renderApp(<SecondFactor />, { auth });
    expect(screen.queryByRole('button', { name: 'Set up two-step sign-in' })).toBeNull();
    await user.type(await screen.findByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not valid: enter the current code from your authenticator app')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      'That code is not valid: enter the current code from your authenticator app',
    );
    expect(auth.completeSecondFactor).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(auth.logout).toHaveBeenCalled();
  });
});
