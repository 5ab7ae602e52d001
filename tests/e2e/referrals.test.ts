// Referral commissions in a real browser at 360 px (issue 34): a customer copies their link from the Referrals page, a
// visitor opens it on another phone and signs up (the form says who invited them), the admin credits the new account
// Rs 2,000, and the referrer sees Rs 100 earned (5 %) and moves it to their balance.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, registerThroughUi, screenshotBothWidths, submitRegistration } from './browser';
import { adminPage as openAdmin, openPage } from './fixture';

const suffix = randomUUID().slice(0, 8);
const referrerAccount = { name: 'Referrer Rida', email: `rida-${suffix}@example.com`, password: 'rida-pass-123' };
const invitedAccount = { name: 'Invited Imran', email: `imran-${suffix}@example.com`, password: 'imran-pass-123' };
const referrer = await openPage(PHONE);
const visitor = await openPage(PHONE);
const admin = await openAdmin();
let link = '';

const figure = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('a referral, from the link to the earnings moved to the balance', () => {
  it('the referrer finds their link on the Referrals page', async () => {
    await registerThroughUi(referrer, referrerAccount);
    await referrer.getByRole('button', { name: 'Open menu' }).click();
    await referrer.locator('#mobile-menu').getByRole('link', { name: 'Referrals', exact: true }).click();
    await referrer.waitForURL('**/referrals');
    const box = referrer.getByRole('textbox', { name: 'Referral link' });
    await expect.poll(() => box.inputValue()).toMatch(/\/r\/[0-9A-Z]{8}$/);
    link = await box.inputValue();
    expect(await figure(referrer, 'referral-sign-ups')).toBe('0');
    // Below Rs 100 there is nothing to move, and the form says why.
    expect(await referrer.getByRole('button', { name: 'Move to balance' }).isDisabled()).toBe(true);
  });

  it('a visitor opens the link and signs up as the referrer’s', async () => {
    const code = link.slice(link.lastIndexOf('/') + 1);
    await visitor.goto(new URL(link).pathname);
    await visitor.waitForURL('**/register');
    await visitor.getByText(`You were invited: code ${code}`).waitFor();
    await screenshotBothWidths(visitor, 'register-invited');
    await submitRegistration(visitor, invitedAccount);
    await visitor.waitForURL('**/dashboard');
  });

  it('the admin credits the new account Rs 2,000', async () => {
    await admin.getByLabel('User email').fill(invitedAccount.email);
    await admin.getByLabel('Amount (Rs)').fill('2000');
    await admin.getByRole('button', { name: 'Add Balance' }).click();
    await admin.getByText('✅ Balance updated!').waitFor();
  });

  it('the referrer sees Rs 100 earned and moves it to their balance', async () => {
    await referrer.reload();
    await expect.poll(() => figure(referrer, 'referral-earned'), { timeout: 20_000 }).toBe('Rs\u00a0100');
    expect(await figure(referrer, 'referral-sign-ups')).toBe('1');
    expect(await figure(referrer, 'referral-balance')).toBe('Rs\u00a0100');
    await screenshotBothWidths(referrer, 'referrals');
    await referrer.getByRole('button', { name: 'Move to balance' }).click();
    await referrer.getByText('Moved to your balance').first().waitFor();
    await expect.poll(() => figure(referrer, 'referral-balance')).toBe('Rs\u00a00');
    await expect.poll(() => figure(referrer, 'referral-transferred')).toBe('Rs\u00a0100');
    await referrer.goto('/dashboard');
    await expect.poll(async () => (await referrer.getByTestId('balance').textContent())?.trim(), { timeout: 20_000 }).toBe('Rs\u00a0100');
    expect(await referrer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
