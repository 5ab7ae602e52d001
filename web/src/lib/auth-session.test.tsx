// A page opened while the token this device remembers for its user is still good: the user is signed in from the
// first render, the API is asked with that token, and Firebase's SDK (its modules are the mocks below, which count
// the SDK's starts) loads only when the session needs it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { STORAGE_KEYS } from '@/lib/session-cache';
import { mockApi } from '@/testing/render';

const sdk = vi.hoisted(() => ({ loads: 0 }));

// Each test gets the modules fresh: Firebase's SDK loads once per page.
let auth: typeof import('@/lib/auth');
let firebase: typeof import('@/lib/firebase');
let apiClient: typeof import('@/lib/api-client');
beforeEach(async () => {
  vi.resetModules();
  sdk.loads = 0;
  [auth, firebase, apiClient] = await Promise.all([import('@/lib/auth'), import('@/lib/firebase'), import('@/lib/api-client')]);
});

vi.mock('firebase/app', () => ({ initializeApp: () => ({}) }));
vi.mock('firebase/auth', () => {
  return {
    initializeAuth: () => {
      sdk.loads += 1;
      return { currentUser: null, authStateReady: async () => undefined };
    },
    connectAuthEmulator: () => undefined,
    indexedDBLocalPersistence: {},
    browserLocalPersistence: {},
    // Firebase finds nobody signed in on this device any more (another tab signed out).
    onIdTokenChanged: (_auth: unknown, next: (user: null) => void) => {
      queueMicrotask(() => next(null));
      return () => undefined;
    },
  };
});

const USER = { uid: 'u1', email: 'ali@example.com', name: 'Ali', role: 'user' };
const token = (exp: number) => `h.${btoa(JSON.stringify({ user_id: 'u1', exp }))}.s`;

function Session() {
  const { status, user } = auth.useAuth();
  return <p>{`${status} ${user?.uid ?? 'nobody'}${user?.role === 'admin' ? ` admin${user.mfa ? ' mfa' : ''}` : ''}`}</p>;
}

function renderSession() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <auth.AuthProvider>
        <Session />
      </auth.AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  localStorage.clear();
  // (Firebase found unavailable would also end in "signed-out": the test fails on its warning instead.)
  expect(warnings).toEqual([]);
  warnings.length = 0;
});

const warnings: unknown[] = [];
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));

describe('a page opened with a good token remembered for its user', () => {
  it('is signed in from its first render and asks the API with that token, Firebase’s SDK not loaded', async () => {
    mockApi({ 'GET /__/firebase/init.json': { body: { apiKey: 'k', projectId: 'demo-test' } } });
    const good = token(Math.floor(Date.now() / 1000) + 3600);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ uid: 'u1', token: good, expiresAt: (Date.now() / 1000 + 3600) * 1000 }));
    renderSession();
    expect(screen.getByText('signed-in u1')).toBeTruthy();
    expect(await firebase.currentIdToken()).toBe(good);
    await new Promise((done) => setTimeout(done, 50));
    expect(sdk.loads).toBe(0);

    // Another tab signs out (it forgets the user): this page loads the SDK, which says so.
    localStorage.removeItem(STORAGE_KEYS.user);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
    });
    await screen.findByText('signed-out nobody');
    expect(sdk.loads).toBe(1);
  });

  it('reads the session from Firebase when the API refuses that token (a session ended elsewhere)', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ uid: 'u1', token: token(exp), expiresAt: exp * 1000 }));
    renderSession();
    expect(screen.getByText('signed-in u1')).toBeTruthy();
    const { calls } = mockApi({
      'GET /__/firebase/init.json': { body: { apiKey: 'k', projectId: 'demo-test' } },
      'GET /api/user/profile': { status: 401, body: { message: 'Invalid token', code: 'invalid_token' } },
    });
    await expect(apiClient.apiRequest('/user/profile', z.unknown())).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // Asked once more with Firebase's own token: nobody is signed in there any more, so none.
    const asked = calls.filter((call) => call.path === '/api/user/profile').map((call) => call.headers.authorization);
    expect(asked).toEqual([`Bearer ${token(exp)}`, undefined]);
    await screen.findByText('signed-out nobody');
    expect(sdk.loads).toBe(1);
  });

  it('has the role and second factor the token says, not those remembered (an admin’s 12 hours may have passed)', () => {
    const now = Math.floor(Date.now() / 1000);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...USER, role: 'admin', mfa: true }));
    const claims = { user_id: 'u1', iat: now, exp: now + 3600, admin: true, mfa: true, mfaAt: now - 13 * 3600 };
    const lapsed = `h.${btoa(JSON.stringify(claims))}.s`;
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ uid: 'u1', token: lapsed, expiresAt: (now + 3600) * 1000 }));
    renderSession();
    expect(screen.getByText('signed-in u1 admin')).toBeTruthy();
  });

  it('is still being read, the SDK loading for it, when the token is due for refresh', async () => {
    mockApi({ 'GET /__/firebase/init.json': { body: { apiKey: 'k', projectId: 'demo-test' } } });
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    const soon = Math.floor(Date.now() / 1000) + 120;
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ uid: 'u1', token: token(soon), expiresAt: soon * 1000 }));
    renderSession();
    expect(screen.getByText('loading u1')).toBeTruthy();
    await waitFor(() => expect(sdk.loads).toBe(1));
    await screen.findByText('signed-out nobody');
  });
});
