// Sign-out stops pushes to this device: the server is told (with the token kept when pushes went on),
// waiting a bounded time, and the stored token goes whatever the answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_PUSH_WAIT_MS, stopPushOnSignOut } from '@/lib/push-device';
import { readPushDevice, writePushDevice } from '@/lib/push-token-store';
import { DEMO_WEB_CONFIG } from '@/testing/push';
import { mockApi } from '@/testing/render';

afterEach(() => {
  vi.useRealTimers();
});

describe('stopPushOnSignOut', () => {
  it('asks the server to remove this device’s token, then forgets it', async () => {
    writePushDevice({ token: 'emulator-123', uid: 'u1' });
    const { calls } = mockApi({ ...DEMO_WEB_CONFIG, 'POST /api/notifications/devices/remove': { status: 204 } });
    await stopPushOnSignOut();
    expect(calls.filter((call) => call.path.startsWith('/api/')).map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/notifications/devices/remove', { token: 'emulator-123' }],
    ]);
    expect(readPushDevice()).toBeNull();
  });

  it('asks nothing when this device has no pushes on', async () => {
    const { calls } = mockApi({});
    await stopPushOnSignOut();
    expect(calls).toEqual([]);
  });

  it('never holds the sign-out: a failed or unanswered request is given up after the bounded wait', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    writePushDevice({ token: 'emulator-123', uid: 'u1' });
    mockApi({ ...DEMO_WEB_CONFIG, 'POST /api/notifications/devices/remove': { networkError: true } });
    await stopPushOnSignOut();
    expect(readPushDevice()).toBeNull();

    writePushDevice({ token: 'emulator-456', uid: 'u1' });
    mockApi(DEMO_WEB_CONFIG);
    const hanging = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => {}));
    const config = vi.mocked(fetch);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/') ? hanging(input, init) : config(input, init),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = vi.fn();
    const stopping = stopPushOnSignOut().then(done);
    await vi.advanceTimersByTimeAsync(SIGN_OUT_PUSH_WAIT_MS - 10);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    await stopping;
    expect(hanging).toHaveBeenCalledOnce();
    expect(readPushDevice()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
