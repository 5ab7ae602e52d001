// A device with pushes on for an account whose session ended without this page's sign-out (a password
// reset or a disabled account ends it in Firebase) stays registered to it: that account's pushes would
// keep arriving for whoever signs in here next. The next session on this device removes it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { readPushDevice, writePushDevice } from '@/lib/push-token-store';
import { mockApi } from '@/testing/render';

const session = vi.hoisted(() => ({ uid: 'u2' }));

vi.mock('@/lib/firebase', () => ({
  loadAuth: vi.fn(async () => ({})),
  loadApp: vi.fn(async () => ({ config: { projectId: 'demo-test' } })),
  currentIdToken: vi.fn(async () => `token-of-${session.uid}`),
  currentUid: vi.fn(async () => session.uid),
  currentAppCheckToken: vi.fn(async () => null),
}));

// Firebase restores the session of `session.uid` on this device.
vi.mock('firebase/auth', () => ({
  onIdTokenChanged: (_auth: unknown, next: (user: unknown) => void) => {
    queueMicrotask(() =>
      next({ uid: session.uid, email: `${session.uid}@example.com`, displayName: 'Bilal', getIdTokenResult: async () => ({ claims: {} }) }),
    );
    return () => {};
  },
}));

function renderSession() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <p>app</p>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('a session on a device with pushes on for another account', () => {
  it('removes that device with the new session, so the other account’s pushes stop arriving here', async () => {
    writePushDevice({ token: 'emulator-of-u1', uid: 'u1' });
    const { calls } = mockApi({ 'POST /api/notifications/devices/remove': { status: 204 } });
    renderSession();
    await waitFor(() => expect(readPushDevice()).toBeNull());
    expect(calls.map((call) => [call.method, call.path, call.body, call.headers.authorization])).toEqual([
      ['POST', '/api/notifications/devices/remove', { token: 'emulator-of-u1' }, 'Bearer token-of-u2'],
    ]);
  });

  it('keeps the device of the account signed in', async () => {
    writePushDevice({ token: 'emulator-of-u2', uid: 'u2' });
    const { calls } = mockApi({});
    renderSession();
    await new Promise((done) => setTimeout(done, 50));
    expect(readPushDevice()).toEqual({ token: 'emulator-of-u2', uid: 'u2' });
    expect(calls).toEqual([]);
  });
});
