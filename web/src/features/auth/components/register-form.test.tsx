import { REFERRAL_LIMITS, REFERRAL_STORAGE_KEY } from '@shared/referrals';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RegisterForm } from '@/features/auth/components/register-form';
import { aProfile } from '@/testing/fixtures';
import { currentPath, currentSearch, fakeAuth, mockApi, renderApp } from '@/testing/render';

const profile = aProfile({ name: 'Ali Khan' });

function renderRegister(auth = fakeAuth({ status: 'signed-out', user: null }), route = '/register') {
  return renderApp(<RegisterForm />, { route, auth });
}

async function fill(
  user: ReturnType<typeof renderRegister>['user'],
  values: { name?: string; email?: string; password?: string; confirm?: string; acceptTerms?: boolean },
) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
  if (values.acceptTerms !== false) await user.click(screen.getByRole('checkbox', { name: /I accept the Terms/ }));
}

/** The form filled in with `values` and sent. */
async function submit(user: ReturnType<typeof renderRegister>['user'], values: Parameters<typeof fill>[1]) {
  await fill(user, values);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

/** The terms in force as GET /api/terms answers them (version 4), and what each test mocks besides. */
const TERMS = {
  'GET /api/terms': { body: { terms: { version: 4, text: '## Refunds\nTo your balance.', updatedAt: '2026-11-01T00:00:00.000Z' } } },
};
const REGISTERED = { 'POST /api/auth/register': { status: 201, body: { user: profile, message: 'Registration successful' } } };

describe('RegisterForm', () => {
  it('requires name, email, password and the terms accepted', async () => {
    mockApi(TERMS);
    const { user, auth } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Accept the Terms to register')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(auth.createAccount).not.toHaveBeenCalled();
  });

  it('says so and creates nothing when the terms cannot be read', async () => {
    mockApi({ 'GET /api/terms': { networkError: true } });
    const { user, auth } = renderRegister();
    await submit(user, { name: 'Ali', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
    expect(await screen.findByText('The terms could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(auth.createAccount).not.toHaveBeenCalled();
  });

  it('goes on to order the service a visitor chose before signing up (/services, Order Now), and keeps it on the way to Login', async () => {
    mockApi({ ...TERMS, ...REGISTERED });
    const { user } = renderRegister(undefined, '/register?service=ig-followers-real&junk=1');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?service=ig-followers-real');
    await submit(user, { name: 'Ali', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
    await waitFor(() => expect(currentPath()).toBe('/order'));
    expect(currentSearch()).toBe('?service=ig-followers-real');
  });

  it("says 'Passwords do not match' and creates nothing", async () => {
    mockApi(TERMS);
    const { user, auth } = renderRegister();
    await submit(user, { name: 'Ali', email: 'ali@example.com', password: 'password123', confirm: 'password124' });
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(auth.createAccount).not.toHaveBeenCalled();
  });

  it('creates the account, registers the profile with the name and the version of the terms accepted, and goes to /dashboard', async () => {
    const { calls } = mockApi({ ...TERMS, ...REGISTERED });
    const { user, auth } = renderRegister();
    await submit(user, { name: ' Ali Khan ', email: 'Ali@Example.com', password: 'password123', confirm: 'password123' });
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(auth.createAccount).toHaveBeenCalledWith({ name: 'Ali Khan', email: 'ali@example.com', password: 'password123' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/auth/register', body: { name: 'Ali Khan', termsVersion: 4 } }),
    ]);
    expect(screen.getByText('Registration successful! Login NOW')).toBeInTheDocument();
  });

  it('explains an email that is already registered', async () => {
    const createAccount = vi.fn(async () => {
      throw Object.assign(new Error('in use'), { code: 'auth/email-already-in-use' });
    });
    mockApi(TERMS);
    const { user } = renderRegister(fakeAuth({ status: 'signed-out', user: null, createAccount }));
    await submit(user, { name: 'Ali', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
    expect(await screen.findAllByText('This email is already registered')).not.toHaveLength(0);
    expect(currentPath()).toBe('/register');
  });

  it("falls back to 'Registration failed'", async () => {
    const createAccount = vi.fn(async () => {
      throw new Error('boom');
    });
    mockApi(TERMS);
    const { user } = renderRegister(fakeAuth({ status: 'signed-out', user: null, createAccount }));
    await submit(user, { name: 'Ali', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
    expect(await screen.findAllByText('Registration failed')).not.toHaveLength(0);
  });

  describe('through a referral link', () => {
    const DAY = 86_400_000;
    const remember = (code: string, at: number) => localStorage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ code, at }));

    it('says who invited and registers the profile with the code, then forgets it', async () => {
      remember('ABCD1234', Date.now() - (REFERRAL_LIMITS.windowDays - 1) * DAY);
      const { calls } = mockApi({ ...TERMS, ...REGISTERED });
      const { user } = renderRegister();
      const note = screen.getByTestId('referral-note');
      expect(note).toHaveTextContent('You were invited: code ABCD1234');
      expect(note.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
      await submit(user, { name: 'Ali Khan', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({ path: '/api/auth/register', body: { name: 'Ali Khan', termsVersion: 4, referralCode: 'ABCD1234' } }),
      ]);
      expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    });

    it(`sends no code remembered ${REFERRAL_LIMITS.windowDays} days ago or more, and drops it`, async () => {
      remember('ABCD1234', Date.now() - REFERRAL_LIMITS.windowDays * DAY);
      const { calls } = mockApi({ ...TERMS, ...REGISTERED });
      const { user } = renderRegister();
      expect(screen.queryByTestId('referral-note')).not.toBeInTheDocument();
      expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
      await submit(user, { name: 'Ali Khan', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Ali Khan', termsVersion: 4 });
    });

    it('lets a visitor who was not invited remove the code: the sign-up names no one', async () => {
      remember('ABCD1234', Date.now());
      const { calls } = mockApi({ ...TERMS, ...REGISTERED });
      const { user } = renderRegister();
      await user.click(screen.getByRole('button', { name: 'Not invited? Remove' }));
      expect(screen.queryByTestId('referral-note')).not.toBeInTheDocument();
      expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
      await submit(user, { name: 'Ali Khan', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Ali Khan', termsVersion: 4 });
    });

    it('ignores what is stored that is not a code', async () => {
      localStorage.setItem(REFERRAL_STORAGE_KEY, '{not json');
      mockApi(TERMS);
      renderRegister();
      expect(screen.queryByTestId('referral-note')).not.toBeInTheDocument();
      expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    });

    it('keeps the code when the account could not be made (the next attempt still names it)', async () => {
      remember('ABCD1234', Date.now());
      const createAccount = vi.fn(async () => {
        throw Object.assign(new Error('in use'), { code: 'auth/email-already-in-use' });
      });
      mockApi(TERMS);
      const { user } = renderRegister(fakeAuth({ status: 'signed-out', user: null, createAccount }));
      await submit(user, { name: 'Ali', email: 'ali@example.com', password: 'password123', confirm: 'password123' });
      expect(await screen.findAllByText('This email is already registered')).not.toHaveLength(0);
      expect(JSON.parse(localStorage.getItem(REFERRAL_STORAGE_KEY) ?? 'null')).toMatchObject({ code: 'ABCD1234' });
    });
  });
});
