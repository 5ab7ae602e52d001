// A recharge request's payment proof in a real browser at 360 px, on the emulators (Storage included) from
// the built app: a customer attaches a 4000×3000 screenshot to a recharge request; the browser shrinks it
// (the stored object, read back with the Admin SDK, is at most 5 MB and 1600 px on its longest side) and
// uploads it under the customer's folder; asked then, the customer turns notifications on for this phone; the
// admin sees the picture beside the request, opens it large, and approves; the balance grows, the bell counts
// the approval, and the push the server handed to its sender (recorded on the emulators) reaches the phone's
// service worker, shows, and opens the dashboard when tapped. No page error and no policy violation on the
// way (tests/support/clean-pages.ts).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type PushData, pushDataSchema } from '../../functions/src/shared/notifications';
import { PROOF_MAX_BYTES, PROOF_MAX_SIDE } from '../../functions/src/shared/payment-proof';
import { dashboardBalance } from '../support/customer-page';
import { PHONE, registerThroughUi, screenshotBothWidths } from './browser';
import { customerAndAdmin, url } from './fixture';
import { fcmEnvelope, openPushChannel } from './push-channel';

const suffix = randomUUID().slice(0, 8);
const account = { name: `Proof ${suffix}`, email: `proof-${suffix}@example.com`, password: 'proof-pass-1' };
const transactionId = `PRF${suffix.replace(/-/g, '').toUpperCase()}`;

const { customer, adminPage } = await customerAndAdmin({ admin: PHONE });
// The browser's answer to the app's permission prompt.
await customer.context().grantPermissions(['notifications'], { origin: url });
let proofPath = '';
/** This phone's device token, as the app registered it when notifications were turned on. */
let deviceToken = '';

/** A 4000×3000 PNG drawn in the page (noise over a gradient, so it does not compress to nothing). */
async function bigScreenshot(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, '#16a34a');
    gradient.addColorStop(1, '#1e3a8a');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 20_000; i++) {
      context.fillStyle = `hsl(${i % 360} 80% 50%)`;
      context.fillRect((i * 7919) % 4000, (i * 104_729) % 3000, 12, 12);
    }
    context.fillStyle = '#ffffff';
    context.font = 'bold 160px sans-serif';
    context.fillText('Easypaisa: Rs 500 sent', 200, 400);
    const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b as Blob), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

describe('a payment screenshot from the customer to the admin at 360 px', () => {
  it('the customer attaches a big screenshot to a recharge request; it is shrunk and uploaded', async () => {
    await registerThroughUi(customer, account);
    const original = await bigScreenshot(customer);
    expect(original.length).toBeGreaterThan(PROOF_MAX_BYTES / 10);

    await customer.getByRole('button', { name: 'Recharge' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Recharge Balance' });
    await dialog.getByText('Easypaisa').first().waitFor();
    await dialog.getByLabel('Amount (Rs)').fill('500');
    await dialog.getByLabel('Wallet').selectOption('Easypaisa');
    await dialog.getByRole('textbox', { name: 'Transaction ID' }).fill(transactionId);
    await dialog.getByLabel('Paid from (mobile number or account)').fill('0345 1234567');
    await dialog
      .getByLabel('Payment screenshot (optional)')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: original });
    const preview = dialog.getByRole('img', { name: 'Payment screenshot preview' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(PROOF_MAX_SIDE);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(customer, 'recharge-with-proof');
    await dialog.getByRole('button', { name: 'Submit recharge request' }).click();
    await customer.getByText(/Recharge request submitted/).waitFor({ timeout: 60_000 });
    await dialog.getByText('pending', { exact: true }).waitFor();
    await customer.keyboard.press('Escape');
  });

  it('asks then (not before) whether to notify this phone, and turns notifications on', async () => {
    const offer = customer.getByRole('region', { name: 'Notifications on this phone' });
    await offer.getByText('Get a notification on this phone when your top-up is approved?').waitFor();
    await screenshotBothWidths(customer, 'push-opt-in');
    await offer.getByRole('button', { name: 'Turn on' }).click();
    await offer.getByRole('status').getByText('Notifications are on for this phone.').waitFor();
    deviceToken = await customer.evaluate(() => (JSON.parse(localStorage.getItem('pushDevice') ?? '{}') as { token?: string }).token ?? '');
    // The emulators' token (FCM can't be reached from here: lib/push-token.ts).
    expect(deviceToken).toMatch(/^emulator-[0-9a-f-]{36}$/);
    await offer.getByRole('button', { name: 'Close' }).click();
  });

  it('the stored object is the shrunk picture: at most 5 MB, its longest side at most 1600 px, in the customer’s folder', async () => {
    const { bucket, db } = await import('../../functions/src/lib/admin');
    const requests = await db.collection('rechargeRequests').where('user.email', '==', account.email).get();
    expect(requests.size).toBe(1);
    const request = requests.docs[0]?.data();
    proofPath = request?.proof?.path ?? '';
    expect(proofPath).toMatch(new RegExp(`^payment-proofs/${request?.userId}/[A-Za-z0-9_-]+\\.(webp|jpg)$`));
    const [metadata] = await bucket().file(proofPath).getMetadata();
    expect(Number(metadata.size)).toBeLessThanOrEqual(PROOF_MAX_BYTES);
    expect(metadata.contentType).toMatch(/^image\/(webp|jpeg)$/);
    const [bytes] = await bucket().file(proofPath).download();
    const size = await customer.evaluate(
      async ({ base64, type }) => {
        const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type }));
        return { width: bitmap.width, height: bitmap.height };
      },
      { base64: bytes.toString('base64'), type: String(metadata.contentType) },
    );
    expect(size).toEqual({ width: 1600, height: 1200 });
  });

  it('the admin sees the screenshot beside the request, opens it large, and approves', async () => {
    await adminPage.goto('/admin/top-ups');
    const approve = adminPage.getByRole('button', { name: `Approve Rs 500 for ${account.email}` });
    await approve.waitFor();
    const row = adminPage.locator('tr', { has: approve });
    const thumbnail = row.getByRole('img', { name: `Payment screenshot of ${account.email} for Rs 500` });
    await thumbnail.waitFor({ timeout: 30_000 });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    await row.getByRole('button', { name: `View Payment screenshot of ${account.email} for Rs 500` }).click();
    const large = adminPage.getByRole('dialog', { name: 'Payment screenshot' }).getByRole('img');
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await screenshotBothWidths(adminPage, 'admin-top-up-proof');
    await adminPage.keyboard.press('Escape');
    await approve.click();
    // Approve asks what arrived, as the autopilot credits it (decision record 0015): the request's amount, as
    // no SMS came.
    const confirm = adminPage.getByRole('dialog', { name: 'Approve recharge request' });
    expect(await confirm.getByLabel('Amount received (Rs)').inputValue()).toBe('500');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await adminPage.getByText('✅ Recharge request approved').waitFor();
  });

  it('the customer’s balance grows by the amount', async () => {
    await expect.poll(dashboardBalance(customer), { timeout: 60_000, interval: 1000 }).toBe('Rs\u00a0500');
  });

  it('the bell counts the approval, and the push handed to FCM for this phone shows and opens the dashboard', async () => {
    await customer.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();

    // What the server handed to its sender for this device (the emulators record it). A push is sent at
    // least once: a send unanswered within sendTimeoutMs (a busy machine's recording write, a slow FCM) is
    // sent again a minute later, the same message with the same tag, which replaces itself on the phone.
    const { db } = await import('../../functions/src/lib/admin');
    const sent = async () =>
      (await db.collection('emulatorPushes').where('message.token', '==', deviceToken).get()).docs.map(
        (doc) => doc.data() as { message: { data: PushData; webpush: unknown }; outcome: string },
      );
    await expect.poll(async () => (await sent()).length, { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
    const records = await sent();
    const [first] = records;
    if (!first) throw new Error('No push recorded');
    const { message } = first;
    for (const record of records) expect(record).toEqual({ message, outcome: 'sent', at: expect.anything() });
    expect(pushDataSchema.parse(message.data)).toEqual({
      notificationId: expect.stringMatching(/^topup-/),
      kind: 'topup',
      title: 'Top-up approved: Rs 500',
      body: 'Rs 500 was added to your balance.',
      url: '/dashboard',
      tag: message.data.notificationId,
    });

    await customer.goto('/notifications');
    const channel = await openPushChannel(customer, url);
    // Each message handed to the sender, and a repeat more: the phone shows one notification.
    const deliveries = [...records, first];
    for (const record of deliveries) await channel.deliver(fcmEnvelope(record.message.data));
    // Every delivery shown (a copy still on its way would show again after the tap below).
    await expect.poll(() => channel.handled(), { timeout: 10_000 }).toBe(deliveries.length);
    await expect
      .poll(() => channel.shown())
      .toEqual([
        { title: 'Top-up approved: Rs 500', body: 'Rs 500 was added to your balance.', tag: message.data.tag, data: { url: '/dashboard' } },
      ]);
    await channel.click(message.data.tag);
    await customer.waitForURL('**/dashboard');
    await expect.poll(() => channel.shown()).toEqual([]);
  });
});
