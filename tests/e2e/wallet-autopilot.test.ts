// The top-up autopilot (decision record 0015) in a real browser at 360 px, on the whole emulator stack from
// the built app: the admin pairs the shop's Easypaisa phone on a phone (the signing key shown once); a
// customer asks for a top-up on that wallet (the form says it is credited automatically), then the wallet
// phone forwards the payment's SMS, signed as the SMS Gateway app signs, through Hosting; the open dashboard
// shows the new balance, the bell's count and the toast with no reload. Then the other order: the SMS first,
// and the request's own answer credits it. Last, a payment from another number waits for the admin, who sees
// the SMS and the reason beside the request and approves what arrived. No page error and no policy violation
// on the way (tests/support/clean-pages.ts); nothing wider than the phone.
import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SENDERS, deliver, pingBody, smsReceivedBody, walletSmsText } from '../../scripts/lib/wallet-phone';
import { PHONE, registerThroughUi, screenshotBothWidths } from './browser';
import { customerAndAdmin, url } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: `Autopilot ${suffix}`, email: `autopilot-${suffix}@example.com`, password: 'autopilot-pass-1' };
const payer = '0345 1234567';
const newTid = () => String(randomInt(10_000_000_000, 99_999_999_999));

const { customer, adminPage } = await customerAndAdmin({ admin: PHONE });
let phone: { id: string; key: string };

const balanceText = async (page: Page) => (await page.getByTestId('balance').textContent())?.trim();
const sendSms = (amount: number, tid: string) =>
  deliver(
    url,
    phone.id,
    phone.key,
    smsReceivedBody({ message: walletSmsText('Easypaisa', { amount, tid, from: payer }), sender: DEMO_SENDERS.easypaisa ?? '' }),
  );

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
  it('the admin pairs the wallet phone on a phone: the signing key and the webhook URL are shown once', async () => {
    await adminPage.goto('/admin/settings');
    await adminPage.getByLabel('Phone name').fill(`Shop phone ${suffix}`);
    await adminPage.getByLabel('Wallet', { exact: true }).selectOption('Easypaisa');
    await adminPage.getByLabel('Senders').fill(`${DEMO_SENDERS.easypaisa}, Easypaisa`);
    await adminPage.getByRole('button', { name: 'Pair phone' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Pair Shop phone ${suffix}` });
    await dialog.getByText('This key is shown only now.', { exact: false }).waitFor();
    const values = await dialog.locator('code.block').allTextContents();
    const [key, webhookUrl] = values;
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(webhookUrl).toMatch(new RegExp(`^${url}/api/wallet-events\\?device=[A-Za-z0-9]+$`));
    phone = { id: new URL(webhookUrl ?? '').searchParams.get('device') ?? '', key: key ?? '' };
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(adminPage, 'admin-wallet-phone-key');
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Shown once: nowhere on the page any more, even after a reload.
    await adminPage.reload();
    await adminPage.getByText(`Shop phone ${suffix}`).first().waitFor();
    expect(await adminPage.content()).not.toContain(phone.key);
    // The phone's first ping says it is alive.
    expect((await deliver(url, phone.id, phone.key, pingBody())).status).toBe(200);
  });

  it('request first: the SMS arrives, and the open dashboard shows the balance, the bell and the toast with no reload', async () => {
    await registerThroughUi(customer, account);
    await expect.poll(() => balanceText(customer)).toBe('Rs\u00a00');
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
    await expect.poll(() => balanceText(customer), { timeout: 30_000 }).toBe('Rs\u00a0500');
    await customer.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
    expect(navigations).toEqual([]);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(customer, 'dashboard-autopilot-credited');

    // The app's retry of the same SMS changes nothing.
    expect((await sendSms(500, tid)).status).toBe(200);
    await customer.reload();
    await expect.poll(() => balanceText(customer)).toBe('Rs\u00a0500');
  });

  it('SMS first: the request’s own answer credits it', async () => {
    const tid = newTid();
    expect((await sendSms(300, tid)).status).toBe(200);
    const dialog = await requestTopUp(customer, 300, tid);
    await dialog.getByRole('button', { name: 'Submit recharge request' }).click();
    await customer.getByText('Top-up approved: Rs 300 added to your balance.').waitFor();
    await dialog.getByText('automatic').first().waitFor();
    await customer.keyboard.press('Escape');
    await expect.poll(() => balanceText(customer), { timeout: 20_000 }).toBe('Rs\u00a0800');
  });

  it('a payment from another number waits for the admin, who sees the SMS and the reason and credits what arrived', async () => {
    const tid = newTid();
    const dialog = await requestTopUp(customer, 400, tid);
    await dialog.getByLabel('Paid from (mobile number or account)').fill('0300 7654321');
    await dialog.getByRole('button', { name: 'Submit recharge request' }).click();
    await customer.getByText(/Recharge request submitted/).waitFor();
    await customer.keyboard.press('Escape');
    expect((await sendSms(400, tid)).status).toBe(200);

    await adminPage.goto('/admin/top-ups');
    const approve = adminPage.getByRole('button', { name: `Approve Rs 400 for ${account.email}` });
    const row = adminPage.locator('tr', { has: approve });
    await row.getByText('SMS received ✓').waitFor();
    await row.getByText('The payer’s account in the SMS does not match the number the customer paid from').waitFor();
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(adminPage, 'admin-top-ups-held-sms');
    await approve.click();
    const confirm = adminPage.getByRole('dialog', { name: 'Approve recharge request' });
    expect(await confirm.getByLabel('Amount received (Rs)').inputValue()).toBe('400');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await adminPage.getByText('✅ Recharge request approved').waitFor();
    await expect.poll(() => balanceText(customer), { timeout: 30_000 }).toBe('Rs\u00a01,200');
  });
});
