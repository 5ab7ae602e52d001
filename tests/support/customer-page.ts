// What the browser tests do again and again on a customer's pages: read the balance a fresh dashboard
// shows, and place an order on /order and read its number.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from '../../scripts/lib/auth-emulator';

/**
 * Loads /dashboard and reads its balance, for `expect.poll`: the page may have read the balance before a
 * top-up (and the service worker may answer with that saved profile while the function is slow).
 */
export function dashboardBalance(page: Page): () => Promise<string | null> {
  return async () => {
    await page.goto('/dashboard');
    return page.getByTestId('balance').textContent();
  };
}

/** The order number the Order Placed dialog shows, expected to be nine digits. */
async function orderNumberIn(dialog: Locator): Promise<string> {
  const number = ((await dialog.locator('dd').first().textContent()) ?? '').trim();
  expect(number).toMatch(/^\d{9}$/);
  return number;
}

/** Presses Place Order and waits for the dialog to say the order was received: the dialog and the order's number. */
export async function placeOrder(page: Page): Promise<{ dialog: Locator; number: string }> {
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Placed' });
  await dialog.getByText('Your order was successfully received!').waitFor();
  return { dialog, number: await orderNumberIn(dialog) };
}

/** On /order: Real Followers for `link`, placed, and the dialog closed; the order's number. */
export async function orderRealFollowers(page: Page, link: string): Promise<string> {
  await page.getByRole('button', { name: /^Followers/ }).click();
  await page.getByRole('radio', { name: /^Real Followers/ }).check();
  await page.getByLabel('Link').fill(link);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Placed' });
  const number = await orderNumberIn(dialog);
  await dialog.getByRole('button', { name: 'Done' }).click();
  return number;
}

/** The customer's API at `url`, as their app calls it (signed in afresh each call): the status and the JSON answer. */
export function customerApi(url: string, account: { email: string; password: string }) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const { idToken } = await signIn(account.email, account.password);
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${idToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}
