import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { api, MFA_REQUIRED_EVENT } from '@/lib/api-client';
import { NetworkError } from '@/lib/api-error';
import { lastAnswerAt, resetAnswerTime } from '@/lib/data-freshness';
import { currentAppCheckToken, currentIdToken, currentUid } from '@/lib/firebase';
import { mockApi } from '@/testing/render';

vi.mock('@/lib/firebase', () => ({ currentIdToken: vi.fn(), currentUid: vi.fn(), currentAppCheckToken: vi.fn(async () => null) }));

const profile = z.object({ ok: z.boolean() });

afterEach(() => {
  resetAnswerTime();
  vi.mocked(currentIdToken).mockReset();
  vi.mocked(currentUid).mockReset();
});

function withServiceWorker(controlled: boolean) {
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: controlled ? {} : null } });
}

describe('apiRequest', () => {
  it('sends the Bearer token and records when the answer was made', async () => {
    vi.mocked(currentIdToken).mockResolvedValue('t0ken');
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{"ok":true}', { headers: { date: 'Tue, 19 May 2026 10:00:00 GMT' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/user/profile', profile)).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[1].headers).toMatchObject({ authorization: 'Bearer t0ken' });
    expect(lastAnswerAt()).toBe(Date.parse('2026-05-19T10:00:00Z'));
  });

  it("offline with an expired token, asks the service worker for the user's saved answer (no token sent)", async () => {
    vi.mocked(currentIdToken).mockRejectedValue(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }));
    vi.mocked(currentUid).mockResolvedValue('uid-1');
    withServiceWorker(true);
    const { calls } = mockApi({ 'GET /api/user/profile': { body: { ok: true } } });
    await expect(api.get('/user/profile', profile)).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers['x-offline-uid']).toBe('uid-1');
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('fails as a network error when no token can be had and no service worker could answer, or for a change', async () => {
    vi.mocked(currentIdToken).mockRejectedValue(new Error('offline'));
    vi.mocked(currentUid).mockResolvedValue('uid-1');
    withServiceWorker(false);
    const { calls } = mockApi({});
    await expect(api.get('/user/profile', profile)).rejects.toBeInstanceOf(NetworkError);
    withServiceWorker(true);
    await expect(api.post('/order/place', profile, {})).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(0);
  });

  it('sends the App Check token with a write where the build has App Check, never with a read', async () => {
    vi.mocked(currentIdToken).mockResolvedValue('t0ken');
    vi.mocked(currentAppCheckToken).mockResolvedValue('app-check-token');
    const { calls } = mockApi({ 'GET /api/user/profile': { body: { ok: true } }, 'POST /api/contact': { body: { ok: true } } });
    await api.get('/user/profile', profile);
    await api.post('/contact', profile, {});
    expect(calls.map((c) => [c.method, c.headers['x-firebase-appcheck']])).toEqual([
      ['GET', undefined],
      ['POST', 'app-check-token'],
    ]);
    vi.mocked(currentAppCheckToken).mockResolvedValue(null);
  });

  it('tells the app when the API asks an admin for the second factor again', async () => {
    vi.mocked(currentIdToken).mockResolvedValue('t0ken');
    const heard = vi.fn();
    window.addEventListener(MFA_REQUIRED_EVENT, heard);
    mockApi({ 'GET /api/admin/overview': { status: 403, body: { code: 'mfa_required', message: 'Enter a code' } } });
    await expect(api.get('/admin/overview', profile)).rejects.toMatchObject({ status: 403, code: 'mfa_required' });
    window.removeEventListener(MFA_REQUIRED_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
