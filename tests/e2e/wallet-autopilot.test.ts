// Issue 28's top-up autopilot in a real browser at 360 px, on the whole emulator stack from the built app:
// a customer asks for a top-up on a wallet whose phone is paired (the form says it is credited
// automatically), then the wallet phone forwards the payment's SMS, signed as the SMS Gateway app signs,
// through Hosting; the open dashboard shows the new balance, the bell's count and the toast with no reload.
// Then the other order: the SMS first, and the request's own answer credits it. No page error and no
// policy violation on the way; nothing wider than the phone.
import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../../scripts/lib/auth-emulator';
import { DEMO_ADMIN } from '../../scripts/lib/demo';
import { DEMO_SENDERS, deliver, pingBody, smsReceivedBody, walletSmsText } from '../../scripts/lib/wallet-phone';
import { openCustomerAndAdmin, PHONE, pageErrors, policyViolations, registerThroughUi, screenshotBothWidths } from './browser';

const { url, env } = inject('stack');
Object.assign(process.env, env);

const suffix = randomUUID().slice(0, 8);
const account = { name: `Autopilot ${suffix}`, email: `autopilot-${suffix}@example.com`, password: 'autopilot-pass-1' };
const payer = '0345 1234567';
const newTid = () => String(randomInt(10_000_000_000, 99_999_999_999));

let browser: Browser;
let customer: Page;
let phone: { id: string; key: string };

const balanceText = async (page: Page) => (await page.getByTestId('balance').textContent())?.trim();
const sendSms = (amount: number, tid: string) =>
  deliver(
    url,
    phone.id,
    phone.key,
    smsReceivedBody({ message: walletSmsText('Easypaisa', { amount, tid, from: payer }), sender: DEMO_SENDERS.easypaisa ?? '' }),
  );

beforeAll(async () => {
  ({ browser, customer } = await openCustomerAndAdmin(url));
  // The admin pairs the shop's Easypaisa phone; its first ping says it is alive.
  const admin = (await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).idToken;
  const res = await fetch(`${url}/api/admin/wallet-devices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Shop phone ${suffix}`, wallet: 'Easypaisa', senders: [DEMO_SENDERS.easypaisa] }),
  });
  const paired = (await res.json()) as { device: { _id: string }; signingKey: string };
  expect(res.status).toBe(201);
  phone = { id: paired.device._id, key: paired.signingKey };
  expect((await deliver(url, phone.id, phone.key, pingBody())).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

async function requestTopUp(page: Page, amount: number, tid: string) {
  await page.getByRole('button', { name: 'Recharge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recharge Balance' });
  await dialog.getByText('✓ Credited automatically').first().waitFor();
  await dialog.getByLabel('Amount (Rs)').fill(String(amount));
  await dialog.getByLabel('Wallet').selectOption('Easypaisa');
  await dialog.getByText('Easypaisa payments are credited automatically, usually within a minute.').waitFor();
  await dialog.getByRole('textbox', { name: 'Transaction ID' }).fill(tid);
  await dialog.getByLabel('Paid from (mobile number or account)').fill(payer);
  return dialog;
}

describe('a wallet payment credits the customer by itself, at 360 px', () => {
  it('request first: the SMS arrives, and the open dashboard shows the balance, the bell and the toast with no reload', async () => {
    await registerThroughUi(customer, account);
    await expect.poll(() => balanceText(customer)).toBe('Rs 0');
    const tid = newTid();
    const dialog = await requestTopUp(customer, 500, tid);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(customer, 'recharge-autopilot');
    await dialog.getByRole('button', { name: 'Submit recharge request' }).click();
    await customer
      .getByText('Recharge request submitted. Your balance is credited as soon as the wallet’s payment message arrives.')
      .waitFor();
    await dialog.getByText('pending', { exact: true }).waitFor();
    await customer.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const navigations: string[] = [];
    customer.on('framenavigated', (frame) => {
      if (frame === customer.mainFrame()) navigations.push(frame.url());
    });
    const answer = await sendSms(500, tid);
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    await customer.getByText('Top-up approved: Rs 500 added to your balance.').waitFor({ timeout: 30_000 });
    await expect.poll(() => balanceText(customer), { timeout: 30_000 }).toBe('Rs 500');
    await customer.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
    expect(navigations).toEqual([]);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(customer, 'dashboard-autopilot-credited');

    // The app's retry of the same SMS changes nothing.
    expect((await sendSms(500, tid)).status).toBe(200);
    await customer.reload();
    await expect.poll(() => balanceText(customer)).toBe('Rs 500');
  });

  it('SMS first: the request’s own answer credits it', async () => {
    const tid = newTid();
    expect((await sendSms(300, tid)).status).toBe(200);
    const dialog = await requestTopUp(customer, 300, tid);
    await dialog.getByRole('button', { name: 'Submit recharge request' }).click();
    await customer.getByText('Top-up approved: Rs 300 added to your balance.').waitFor();
    await dialog.getByText('automatic').first().waitFor();
    await customer.keyboard.press('Escape');
    await expect.poll(() => balanceText(customer), { timeout: 20_000 }).toBe('Rs 800');
  });

  it('broke no page and no policy on the way', () => {
    expect(pageErrors).toEqual([]);
    expect(policyViolations).toEqual([]);
  });
});
