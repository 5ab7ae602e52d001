/// <reference lib="dom" />
/// <reference lib="webworker" />
// (DOM and worker types: the evaluate callbacks below run in the page and in the service worker.)
// Pushes in a real Chromium at 360 px, from the built app: FCM can't be reached from here, so a push is
// delivered to the app's own service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage) in the shape FCM delivers a data message. The worker shows it,
// the open page's bell refetches at once, and a tap opens the screen the notification names. A push
// naming another site, or of a wrong shape, shows nothing and opens nothing. Signing out tells the
// server to stop pushing to this device, with the session's token, before the session ends.
import { orderStatusNotification, type PushData } from '@shared/notifications';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../scripts/lib/demo';
import { orderRealFollowers } from '../support/customer-page';
import { PHONE, screenshotBothWidths, signInThroughUi } from './browser';
import { openContext, url } from './fixture';
import { fcmEnvelope, openPushChannel, type PushChannel } from './push-channel';

const context = await openContext(PHONE);
await context.grantPermissions(['notifications'], { origin: url });
const page = await context.newPage();
let channel: PushChannel;
let orderNumber = '';

describe('a push on the phone', () => {
  it('signs the customer in and places an order, under the service worker', async () => {
    await page.goto('/login');
    await signInThroughUi(page, DEMO_USER, '**/dashboard');
    await page.getByRole('link', { name: 'Place Order' }).first().click();
    await page.waitForURL('**/order');
    orderNumber = await orderRealFollowers(page, 'https://www.tiktok.com/@push.test');

    channel = await openPushChannel(page, url);
  });

  it('shows a push as FCM delivers it, and the open page’s bell asks for the count at once', async () => {
    const content = orderStatusNotification({ number: orderNumber, status: 'completed', what: '100 TikTok Followers' });
    const data: PushData = {
      notificationId: `order-${orderNumber}-completed`,
      kind: content.kind,
      title: content.title,
      body: content.body,
      url: content.url,
      tag: `order-${orderNumber}-completed`,
    };
    // The bell asks again because of the push, not for another reason: only once it has been quiet
    // a while, and within a few seconds. (Responses, not requests: the page's requests pass through the
    // service worker, and Playwright reports those with the worker's.)
    const asked: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/notifications/unread') asked.push(Date.now());
    });
    const listening = Date.now();
    await expect.poll(() => Date.now() - Math.max(listening, asked.at(-1) ?? 0) > 1500, { timeout: 20_000 }).toBe(true);
    const pushedAt = Date.now();
    await channel.deliver(fcmEnvelope(data));
    await expect.poll(() => channel.shown()).toEqual([{ title: data.title, body: data.body, tag: data.tag, data: { url: data.url } }]);
    expect(data.title).toBe(`Order #${orderNumber} is completed`);
    await expect.poll(() => asked.filter((at) => at > pushedAt).length, { timeout: 5_000 }).toBeGreaterThan(0);

    // The same message again (an unanswered FCM call retried) replaces itself: still one.
    const handled = await channel.handled();
    await channel.deliver(fcmEnvelope(data));
    await expect.poll(() => channel.handled(), { timeout: 10_000 }).toBe(handled + 1);
    expect(await channel.shown()).toHaveLength(1);
  });

  it('opens the order on the dashboard when tapped, scrolled to and highlighted', async () => {
    await page.goto('/notifications');
    await channel.click(`order-${orderNumber}-completed`);
    await page.waitForURL(`**/dashboard?order=${orderNumber}`);
    const row = page.locator('tr[aria-current="true"]');
    await expect.poll(() => row.textContent()).toContain(`#${orderNumber}`);
    await expect.poll(() => row.evaluate((element) => element.getBoundingClientRect().top >= 0)).toBe(true);
    // The tap closed it.
    await expect.poll(() => channel.shown()).toEqual([]);
    await screenshotBothWidths(page, 'push-opened-order');
  });

  it('shows nothing for a push naming another site or of the wrong shape', async () => {
    const good: PushData = {
      notificationId: 'sentinel',
      kind: 'topup',
      title: 'Top-up approved: Rs 100',
      body: 'Rs 100 was added to your balance.',
      url: '/dashboard',
      tag: 'sentinel',
    };
    const bad: unknown[] = [
      fcmEnvelope({ ...good, tag: 'foreign', url: 'https://evil.example/phish' }),
      fcmEnvelope({ ...good, tag: 'scheme-relative', url: '//evil.example/phish' }),
      fcmEnvelope({ ...good, tag: 'script', url: 'javascript:alert(1)' }),
      fcmEnvelope({ ...good, tag: 'kind', kind: 'promo' }),
      fcmEnvelope({ ...good, tag: 'missing', body: undefined }),
      fcmEnvelope({ ...good, tag: 'number', title: 42 }),
      { ...good, tag: 'unwrapped' },
      fcmEnvelope('a string'),
      'not json at all',
    ];
    for (const payload of bad) await channel.deliver(payload);
    // Pushes reach the worker in order: once the good one shows, every bad one has been handled.
    await channel.deliver(fcmEnvelope(good));
    await expect.poll(async () => (await channel.shown()).map((shown) => shown.tag)).toEqual(['sentinel']);
  });

  it('does not leave the app when a notification names another site', async () => {
    const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${url}/sw.js`);
    await worker?.evaluate(() =>
      (self as unknown as ServiceWorkerGlobalScope).registration.showNotification('Elsewhere', {
        tag: 'elsewhere',
        data: { url: 'https://evil.example/phish' },
      }),
    );
    const before = page.url();
    await channel.click('elsewhere');
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    expect(context.pages().map((open) => new URL(open.url()).origin)).toEqual([url]);
  });

  it('signs out after telling the server to stop pushing to this device, with the session’s token', async () => {
    // The device as the app keeps it once pushes are on (the emulators' token, lib/push-token.ts).
    const uid = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { uid?: string }).uid ?? '');
    await page.evaluate((owner) => localStorage.setItem('pushDevice', JSON.stringify({ token: 'emulator-push-test', uid: owner })), uid);
    const removal = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/notifications/devices/remove',
    );
    await page.getByRole('button', { name: /^Open menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    const request = await removal;
    expect(request.postDataJSON()).toEqual({ token: 'emulator-push-test' });
    expect(request.headers().authorization).toMatch(/^Bearer \S+$/);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('pushDevice'))).toBeNull();
  });
});
