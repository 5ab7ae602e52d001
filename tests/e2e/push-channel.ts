/// <reference lib="dom" />
/// <reference lib="webworker" />
// (DOM and worker types: the evaluate callbacks below run in the page and in the service worker.)
// Pushes to the app's own service worker in a real Chromium. FCM can't be reached from these machines, so
// a push is delivered through the DevTools protocol (ServiceWorker.deliverPushMessage), in the envelope FCM
// gives a data message; what the worker shows is read from its registration, and a tap is a
// `notificationclick` dispatched inside the worker.
import type { Page } from 'playwright-core';

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

export interface PushChannel {
  /** Delivers `payload` (JSON-encoded unless a string, as FCM's push service sends it). */
  deliver(payload: unknown): Promise<void>;
  /** What the worker's registration is showing now. */
  shown(): Promise<ShownNotification[]>;
  /**
   * How many of our pushes the worker has finished with since the channel opened (shown, then told the
   * page): `deliver` returns once the browser handed the push to the worker, before it is shown.
   */
  handled(): Promise<number>;
  /** A tap on the notification tagged `tag`. */
  click(tag: string): Promise<void>;
}

/** FCM's envelope of a data message. */
export const fcmEnvelope = (data: unknown) => ({
  data,
  from: '123456789',
  fcmMessageId: `msg-${Math.random().toString(36).slice(2)}`,
  priority: 'high',
});

/**
 * Waits until the app's service worker (`/sw.js`) controls `page`, then opens a DevTools session to push
 * to it. Call it on a page of the app that is already loaded.
 */
export async function openPushChannel(page: Page, url: string): Promise<PushChannel> {
  // Installed (its precache filled) and in control of this page (clientsClaim). A busy machine can take a
  // few seconds to install it.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  const deadline = Date.now() + 30_000;
  while ((await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)) !== `${url}/sw.js`) {
    if (Date.now() > deadline) throw new Error('The service worker does not control the page');
    await page.waitForTimeout(250);
  }
  // The worker tells the app's open pages of each push it has shown (PUSH_MESSAGE_TYPE in web/src/sw.ts).
  await page.evaluate(() => {
    const counted = window as unknown as { pushesHandled?: number };
    counted.pushesHandled = 0;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'shohrat:push') counted.pushesHandled = (counted.pushesHandled ?? 0) + 1;
    });
  });
  const context = page.context();
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${url}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data }));
    });

  return {
    deliver: async (payload) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: url,
        registrationId,
        data: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    },
    shown,
    handled: () => page.evaluate(() => (window as unknown as { pushesHandled?: number }).pushesHandled ?? 0),
    click: async (tag) => {
      const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${url}/sw.js`);
      if (!worker) throw new Error('No service worker');
      await worker.evaluate(async (wanted) => {
        const scope = self as unknown as ServiceWorkerGlobalScope;
        const [notification] = await scope.registration.getNotifications({ tag: wanted });
        if (!notification) throw new Error(`No notification tagged ${wanted}`);
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
      }, tag);
    },
  };
}
