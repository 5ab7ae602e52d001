// The Mass Order page in a real browser at 360 px, on the emulators from the built app: a funded
// customer pastes a mixed batch (both orders of fields, an unknown service, a link of the wrong
// platform); the valid lines are placed and charged, the others reported. The answer of one line is
// lost on the way back (the server placed it); the batch sent again places nothing twice.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../support/money-invariants';
import { PHONE, registerThroughUi, screenshotBothWidths } from './browser';
import { openPage } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: `Mass ${suffix}`, email: `mass-${suffix}@example.com`, password: 'mass-pass-123' };
const LINES = [
  `101 | https://www.tiktok.com/@mass${suffix} | 100`,
  `121 | 1000 | https://www.tiktok.com/@mass${suffix}/video/1`,
  `999 | https://www.tiktok.com/@mass${suffix} | 100`,
  '101 | https://www.instagram.com/mass | 100',
];

const customer = await openPage(PHONE);
/** Place requests the server answered (the browser saw an answer or not). */
let placeRequests = 0;

async function ordersOfCustomer() {
  const { auth, db } = await import('../../functions/src/lib/admin');
  const { uid } = await auth.getUserByEmail(account.email);
  const orders = await db.collection('orders').where('userId', '==', uid).get();
  return orders.docs.map((d) => ({ number: Number(d.id), link: d.get('link') as string, price: d.get('pricePaisa') as number }));
}

const resultRow = (lineNo: number) =>
  customer
    .getByRole('list', { name: 'Results' })
    .getByRole('listitem')
    .filter({ hasText: `Line ${lineNo}` });

describe('a mass order at 360 px', () => {
  it('a funded customer finds Mass Order from the order page', async () => {
    await registerThroughUi(customer, account);
    const { addBalance } = await import('../../functions/src/services/money/credits');
    await addBalance({ uid: 'test-setup', email: 'test-setup' }, { email: account.email, amount: 200 });
    await customer.goto('/order');
    await customer.getByRole('heading', { level: 1, name: 'Order Services' }).waitFor();
    await customer.getByRole('main').getByRole('link', { name: 'Mass Order' }).click();
    await customer.waitForURL('**/mass-order');
    await customer.getByRole('heading', { level: 1, name: 'Mass Order' }).waitFor();
    // The dashboard read the balance before the top-up, and the service worker may answer with that
    // saved profile when the emulated function is slow: load again until the top-up shows.
    await expect
      .poll(
        async () => {
          await customer.reload();
          await customer.waitForFunction(() => document.querySelector('[data-testid="mass-balance"]')?.textContent !== '…');
          return customer.getByTestId('mass-balance').textContent();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('Rs\u00a0200');
  });

  it('previews a mixed batch: the valid lines priced, the others with their errors, the total against the balance', async () => {
    await customer.getByLabel('Orders, one per line').fill(LINES.join('\n'));
    const preview = customer.getByRole('list', { name: 'Preview' });
    await preview.getByText('Unknown service ID 999').waitFor();
    await preview.getByText(/^Enter a TikTok link/).waitFor();
    expect(await customer.getByTestId('mass-total').textContent()).toBe('Rs\u00a0110');
    expect(await customer.getByTestId('mass-balance').textContent()).toBe('Rs\u00a0200');
    // Nothing wider than the phone.
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(customer, 'mass-order-preview');
  });

  it('places the valid lines, reports the others; a line whose answer is lost is placed once when the batch is sent again', async () => {
    // The views line reaches the server, which places it; its answer never reaches the page.
    await customer.route('**/api/order/place', async (route) => {
      placeRequests++;
      const response = await route.fetch();
      if (JSON.stringify(route.request().postDataJSON()).includes('/video/1') && placeRequests === 2) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await customer.getByRole('button', { name: 'Place 2 Orders' }).click();
    await customer.getByText('Results: 1 placed').waitFor();
    await resultRow(2).getByText('No answer: submit again').waitFor();
    expect(await resultRow(3).textContent()).toContain('Not sent: Unknown service ID 999');
    expect(await resultRow(4).textContent()).toMatch(/Not sent: Enter a TikTok link/);
    expect(await ordersOfCustomer()).toHaveLength(2);

    await customer.getByRole('button', { name: 'Submit Again' }).click();
    await customer.getByText('Results: 2 placed').waitFor();
    expect(placeRequests).toBe(3);
    const orders = await ordersOfCustomer();
    expect(orders.map((o) => o.price).sort((a, b) => a - b)).toEqual([2000, 9000]);
    for (const o of orders) expect(await customer.getByRole('list', { name: 'Results' }).getByText(`Order ${o.number}`).count()).toBe(1);
    // Charged once for each: 200 − 90 − 20.
    await expect.poll(() => customer.getByTestId('mass-balance').textContent(), { timeout: 15_000 }).toBe('Rs\u00a090');
    // The batch is done: only the lines not placed stay in the box.
    expect(await customer.getByLabel('Orders, one per line').inputValue()).toBe([LINES[2], LINES[3]].join('\n'));
    await screenshotBothWidths(customer, 'mass-order-results');
  });

  it('a reload once the batch is done brings nothing back to send again', async () => {
    await customer.reload();
    await customer.getByRole('heading', { level: 1, name: 'Mass Order' }).waitFor();
    // The finished batch is not brought back, so a reload cannot send it again.
    expect(await customer.getByLabel('Orders, one per line').inputValue()).toBe('');
    expect(await ordersOfCustomer()).toHaveLength(2);
    await expectMoneyInvariants();
  });
});
