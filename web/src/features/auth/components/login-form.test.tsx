import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { admin, currentPath, customer, fakeAuth, renderApp } from '@/testing/render';

function renderLogin(auth = fakeAuth({ status: 'signed-out', user: null })) {
  return renderApp(<LoginForm supportChat="https://wa.me/920000000000" />, { route: '/login', auth });
}

/** A session whose sign-in Firebase refuses with `code`. */
const refusingLogin = (code: string) =>
  fakeAuth({
    status: 'signed-out',
    user: null,
    login: vi.fn(async () => {
      throw Object.assign(new Error(code), { code });
    }),
  });

/** Types the email and the password, then presses Login. */
async function logIn(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('requires an email and a password, and checks the email format', async () => {
    const { user, auth } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('shows no "not logged in" notice when opened directly', () => {
    renderLogin();
    expect(screen.queryByText('You are not logged in. Please login first.')).not.toBeInTheDocument();
  });

  it('signs a customer in, says so, and goes to /dashboard', async () => {
    const { user, auth } = renderLogin();
    await logIn(user, 'Ali@Example.com', 'secret123');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(auth.login).toHaveBeenCalledWith('ali@example.com', 'secret123');
    expect(screen.getByText('Login successful')).toBeInTheDocument();
  });

  it('sends an admin to /admin', async () => {
    const auth = fakeAuth({ status: 'signed-out', user: null, login: vi.fn(async () => admin) });
    const { user } = renderLogin(auth);
    await logIn(user, 'admin@example.com', 'admin12345');
    await waitFor(() => expect(currentPath()).toBe('/admin'));
  });

  it("shows 'Invalid email or password' for wrong credentials", async () => {
    const { user } = renderLogin(refusingLogin('auth/invalid-credential'));
    await logIn(user, 'ali@example.com', 'wrong');
    expect(await screen.findAllByText('Invalid email or password')).not.toHaveLength(0);
    expect(currentPath()).toBe('/login');
  });

  it("shows 'Server error, try again later' when the network fails", async () => {
    const { user } = renderLogin(refusingLogin('auth/network-request-failed'));
    await logIn(user, 'ali@example.com', 'whatever');
    expect(await screen.findAllByText('Server error, try again later')).not.toHaveLength(0);
  });

  it('has one way back in, Forgot password?: the emailed link first, the support chat after', async () => {
    const { user } = renderLogin();
    expect(screen.queryByRole('button', { name: 'Email me a reset link' })).toBeNull();
    const forgot = screen.getByRole('button', { name: 'Forgot password?' });
    expect(forgot).toHaveAttribute('aria-expanded', 'false');
    await user.click(forgot);
    expect(forgot).toHaveAttribute('aria-expanded', 'true');
    const reset = screen.getByRole('button', { name: 'Email me a reset link' });
    await user.type(screen.getByLabelText('Email'), 'ali@example.com');
    const chat = screen.getByRole('link', { name: 'Ask support on WhatsApp' });
    expect(reset.compareDocumentPosition(chat) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const href = new URL(chat.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/920000000000');
    expect(href.searchParams.get('text')).toContain('ali@example.com');
    expect(chat).toHaveAttribute('target', '_blank');
  });

  it('emails a reset link to the typed address', async () => {
    const auth = fakeAuth({ status: 'signed-out', user: null });
    const { user } = renderLogin(auth);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(auth.sendResetLink).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), customer.email);
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    await waitFor(() => expect(auth.sendResetLink).toHaveBeenCalledWith(customer.email));
    expect(await screen.findByText(/a password reset link is on its way/)).toBeInTheDocument();
  });
});
