import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_CHECK_GAP_MS, UPDATE_CHECK_INTERVAL_MS, watchForUpdates } from '@/components/pwa/watch-for-updates';

let clock = 0;
let visibility: DocumentVisibilityState = 'visible';
let online = true;
let registration: { update: ReturnType<typeof vi.fn>; installing: ServiceWorker | null };
let fetchMock: ReturnType<typeof vi.fn>;
let stop: () => void;

function start() {
  stop = watchForUpdates('/sw.js', registration as unknown as ServiceWorkerRegistration, {
    window,
    document: {
      addEventListener: document.addEventListener.bind(document),
      removeEventListener: document.removeEventListener.bind(document),
      get visibilityState() {
        return visibility;
      },
    },
    navigator: {
      get onLine() {
        return online;
      },
    },
    fetch: fetchMock as unknown as typeof fetch,
    now: () => clock,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
  visibility = 'visible';
  online = true;
  registration = { update: vi.fn(async () => {}), installing: null };
  fetchMock = vi.fn(async () => new Response('', { status: 200 }));
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('watchForUpdates', () => {
  it('checks when the app comes back to the foreground, at most once a minute', async () => {
    start();
    clock += MIN_CHECK_GAP_MS;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(fetchMock).toHaveBeenCalledWith('/sw.js', expect.objectContaining({ cache: 'no-store' }));
    expect(registration.update).toHaveBeenCalledTimes(1);

    clock += MIN_CHECK_GAP_MS;
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('does not check when the page is hidden', async () => {
    start();
    clock += MIN_CHECK_GAP_MS;
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('checks every hour', async () => {
    start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('skips the check offline, while a new version installs, or when the server does not answer', async () => {
    start();
    online = false;
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    online = true;
    registration.installing = {} as ServiceWorker;
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    registration.installing = null;
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('stops checking once stopped', async () => {
    start();
    stop();
    clock += MIN_CHECK_GAP_MS;
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
