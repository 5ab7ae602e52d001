// jsdom has no Notification, PushManager or service worker container: these stand in for the
// browser's, with the permission a test chooses and the prompt's answer it sets. (The real ones are
// exercised in Chromium by tests/e2e/push.test.ts.)
import { afterEach, vi } from 'vitest';

export interface FakeBrowserPush {
  /** What `Notification.requestPermission()` answers (and then reports as the permission). */
  answer: NotificationPermission;
  requestPermission: ReturnType<typeof vi.fn>;
  /** Posts a message from the service worker to the page. */
  postFromWorker: (data: unknown) => void;
}

let installed = false;

export function fakeBrowserPush(permission: NotificationPermission = 'default'): FakeBrowserPush {
  const container = new EventTarget();
  const state = { permission };
  const fake: FakeBrowserPush = {
    answer: 'granted',
    requestPermission: vi.fn(async () => {
      state.permission = fake.answer;
      return fake.answer;
    }),
    postFromWorker: (data) => container.dispatchEvent(new MessageEvent('message', { data })),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: fake.requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  installed = true;
  return fake;
}

/** Only the service worker container (its messages), without pushes. */
export function fakeServiceWorkerContainer(): EventTarget {
  const container = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  installed = true;
  return container;
}

afterEach(() => {
  if (installed) Reflect.deleteProperty(navigator, 'serviceWorker');
  installed = false;
});

/** The Firebase web config of a `demo-` project, as the Hosting emulator serves it. */
export const DEMO_WEB_CONFIG = { 'GET /__/firebase/init.json': { body: { apiKey: 'fake-api-key', projectId: 'demo-shohrat' } } };
