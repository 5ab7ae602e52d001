import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MassOrderForm } from '@/features/orders/components/mass-order-form';
import { MASS_ORDER_MAX_LINES } from '@/features/orders/mass-order';
import { builtInCatalogue } from '@/testing/catalogue';
import { customer, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const FOLLOWERS = '101 | https://www.tiktok.com/@ali | 100';
const VIEWS = '121 | 1000 | https://www.tiktok.com/@ali/video/1';
const LIKES = '111 | https://www.tiktok.com/@ali/video/2 | 200';
const UNKNOWN = '999 | https://www.tiktok.com/@ali | 100';
const WRONG_PLATFORM = '101 | https://www.instagram.com/ali | 100';
const TOO_FEW = '101 | https://www.tiktok.com/@ali | 5';
const MALFORMED = 'hello';

function order(number: number, body: { serviceId: string; link: string; quantity: number; price: number }) {
  return {
    _id: String(number),
    number,
    user: { _id: 'u1', name: 'Ali', email: 'ali@example.com' },
    platform: 'tiktok',
    serviceId: body.serviceId,
    service: 'TikTok',
    link: body.link,
    quantity: body.quantity,
    price: body.price,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

let placeAnswer: (call: RecordedCall) => { status?: number; body?: unknown; networkError?: boolean };
let api: ReturnType<typeof mockApi>;
let nextNumber: number;
/** What the server placed, by Idempotency-Key (a key it saw answers as it did the first time). */
let placedByKey: Map<string, unknown>;

/** A server that places every order and replays a key's first answer, as /api/order/place does. */
function placeAsServer(call: RecordedCall) {
  const key = call.headers['idempotency-key'] ?? '';
  if (!placedByKey.has(key)) {
    const body = call.body as { serviceId: string; link: string; quantity: number; price: number };
    placedByKey.set(key, { message: 'Order placed successfully', order: order(nextNumber++, body), balance: 400 });
  }
  return { status: 201, body: placedByKey.get(key) };
}

beforeEach(() => {
  sessionStorage.clear();
  nextNumber = 100000001;
  placedByKey = new Map();
  placeAnswer = placeAsServer;
  api = mockApi({
    'GET /api/services': () => ({ body: { services: builtInCatalogue.services } }),
    'POST /api/order/place': (call) => placeAnswer(call),
  });
});

const placeCalls = () => api.calls.filter((c) => c.path === '/api/order/place');

function renderMass(balance = 500) {
  return renderApp(<MassOrderForm balance={balance} />, { route: '/mass-order' });
}

/** Pastes the lines, then waits for their preview (shown once the services have loaded). */
async function typeLines(user: ReturnType<typeof renderMass>['user'], lines: string[]) {
  await user.click(screen.getByLabelText('Orders, one per line'));
  await user.paste(lines.join('\n'));
  await screen.findByRole('list', { name: 'Preview' });
}

const previewRow = (lineNo: number) =>
  within(screen.getByRole('list', { name: 'Preview' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(`Line ${lineNo}`)) as HTMLElement;
const resultRow = (lineNo: number) =>
  within(screen.getByRole('list', { name: 'Results' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(`Line ${lineNo}`)) as HTMLElement;

describe('MassOrderForm', () => {
  it('previews each line, in either order of fields, with its service and price or its error, and the total', async () => {
    const { user } = renderMass();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/services')).toBe(true));
    await typeLines(user, [FOLLOWERS, VIEWS, '', UNKNOWN, WRONG_PLATFORM, TOO_FEW, MALFORMED]);
    expect(previewRow(1)).toHaveTextContent('TikTok Followers · Real Followers');
    expect(previewRow(1)).toHaveTextContent('100 · Rs 90');
    expect(previewRow(2)).toHaveTextContent('TikTok Views · Video Views');
    expect(previewRow(2)).toHaveTextContent('1,000 · Rs 20');
    expect(previewRow(4)).toHaveTextContent('Unknown service ID 999');
    expect(previewRow(5)).toHaveTextContent('Enter a TikTok link');
    expect(previewRow(6)).toHaveTextContent('Quantity must be between 10 and 100,000');
    expect(previewRow(7)).toHaveTextContent('Write the line as service ID | link | quantity');
    expect(screen.getByTestId('mass-total')).toHaveTextContent('Rs 110');
    expect(screen.getByText('Total (2 orders)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place 2 Orders' })).toBeEnabled();
    expect(screen.getByText(/At most 100 lines per batch/)).toBeInTheDocument();
  });

  it('previews a customer’s own price with the list price struck through, and totals and sends their own', async () => {
    // Their own rate for TikTok Real Followers (issue 34): Rs 846 per 1000 where the list says Rs 900.
    api = mockApi({
      'GET /api/services': () => ({
        body: {
          services: builtInCatalogue.services.map((s) =>
            s._id === 'tt-followers-real' ? { ...s, ratePer1000: 846, listRatePer1000: 900 } : s,
          ),
        },
      }),
      'POST /api/order/place': (call) => placeAnswer(call),
    });
    const { user } = renderMass();
    await typeLines(user, [FOLLOWERS, VIEWS]);
    expect(previewRow(1)).toHaveTextContent('100 · Rs 84.60 list price Rs 90');
    expect(previewRow(1).querySelector('s')).toHaveTextContent('list price Rs 90');
    expect(previewRow(2).querySelector('s')).toBeNull();
    expect(screen.getByTestId('mass-total')).toHaveTextContent('Rs 104.60');
    await user.click(screen.getByRole('button', { name: 'Place 2 Orders' }));
    await screen.findByText('Results: 2 placed');
    expect(placeCalls()[0]?.body).toMatchObject({ serviceId: 'tt-followers-real', quantity: 100, price: 84.6 });
  });

  it('holds a batch its balance cannot pay for, and one over the line limit', async () => {
    const { user, unmount } = renderMass(100);
    await typeLines(user, [FOLLOWERS, VIEWS]);
    expect(await screen.findByText('❌ Insufficient Balance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place 2 Orders' })).toBeDisabled();
    unmount();

    const second = renderMass(1_000_000);
    await typeLines(
      second.user,
      Array.from({ length: MASS_ORDER_MAX_LINES + 1 }, () => VIEWS),
    );
    expect(
      await screen.findByText(
        `${MASS_ORDER_MAX_LINES + 1} lines: at most ${MASS_ORDER_MAX_LINES} per batch. Send the rest in another batch.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Place ${MASS_ORDER_MAX_LINES + 1} Orders` })).toBeDisabled();
    expect(placeCalls()).toHaveLength(0);
  });

  it('places every valid line as its own order with its own key, and shows each line’s result; a refused line undoes nothing', async () => {
    placeAnswer = (call) =>
      (call.body as { serviceId: string }).serviceId === 'tt-views-fast'
        ? {
            status: 409,
            body: { message: 'The price has changed. Check the new price and try again.', code: 'price_changed', field: 'price' },
          }
        : placeAsServer(call);
    const { user } = renderMass();
    await typeLines(user, [FOLLOWERS, VIEWS, UNKNOWN, LIKES]);
    await user.click(screen.getByRole('button', { name: 'Place 3 Orders' }));

    await screen.findByText('Results: 2 placed');
    expect(resultRow(1)).toHaveTextContent('✅ Order 100000001 · Rs 90');
    expect(resultRow(2)).toHaveTextContent('❌ The price has changed. Check the new price and try again.');
    expect(resultRow(3)).toHaveTextContent('Not sent: Unknown service ID 999');
    expect(resultRow(4)).toHaveTextContent('✅ Order 100000002 · Rs 50');

    const calls = placeCalls();
    expect(calls.map((c) => c.body)).toEqual([
      { serviceId: 'tt-followers-real', link: 'https://www.tiktok.com/@ali', quantity: 100, price: 90 },
      { serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@ali/video/1', quantity: 1000, price: 20 },
      { serviceId: 'tt-likes-instant', link: 'https://www.tiktok.com/@ali/video/2', quantity: 200, price: 50 },
    ]);
    const keys = calls.map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    const [batch] = (keys[0] ?? '').split(':').slice(1);
    for (const [i, lineNo] of [1, 2, 4].entries()) expect(keys[i]).toMatch(new RegExp(`^mass:${batch}:${lineNo}:`));

    // Every line answered: the batch is done, the placed lines leave the box and what is left is a new batch.
    expect(screen.getByLabelText('Orders, one per line')).toHaveValue([VIEWS, UNKNOWN].join('\n'));
    expect(sessionStorage.length).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Place 1 Order' }));
    await waitFor(() => expect(placeCalls()).toHaveLength(4));
    expect(placeCalls()[3]?.headers['idempotency-key']).not.toContain(batch);
  });

  it('sends a batch whose answer was lost again with the same keys, even after a reload, and places nothing twice', async () => {
    // The second line is placed, but its answer never arrives.
    placeAnswer = (call) => {
      const answer = placeAsServer(call);
      return (call.body as { serviceId: string }).serviceId === 'tt-views-fast' && placeCalls().length === 2
        ? { networkError: true }
        : answer;
    };
    const first = renderMass();
    await typeLines(first.user, [FOLLOWERS, VIEWS, LIKES]);
    await first.user.click(screen.getByRole('button', { name: 'Place 3 Orders' }));
    await screen.findByText('Results: 2 placed');
    expect(resultRow(2)).toHaveTextContent('No answer: submit again');
    expect(screen.getByLabelText('Orders, one per line')).toHaveAttribute('readonly');
    const firstKeys = placeCalls().map((c) => c.headers['idempotency-key']);

    // Submitted again on the same page: only the unanswered line goes, with its key.
    await first.user.click(screen.getByRole('button', { name: 'Submit Again' }));
    await screen.findByText('Results: 3 placed');
    expect(placeCalls().map((c) => c.headers['idempotency-key'])).toEqual([...firstKeys, firstKeys[1]]);
    expect(resultRow(2)).toHaveTextContent('✅ Order 100000002');
    expect(placedByKey.size).toBe(3);
    first.unmount();

    // The same lost answer, then the page reloads: the batch comes back with its key, and every line's
    // key is the one it was first sent with.
    sessionStorage.clear();
    placedByKey = new Map();
    nextNumber = 100000101;
    api.calls.length = 0;
    placeAnswer = (call) => {
      const answer = placeAsServer(call);
      return placeCalls().length === 3 ? { networkError: true } : answer;
    };
    const second = renderMass();
    await typeLines(second.user, [FOLLOWERS, VIEWS, LIKES]);
    await second.user.click(screen.getByRole('button', { name: 'Place 3 Orders' }));
    await screen.findByText('Results: 2 placed');
    const sent = placeCalls().map((c) => c.headers['idempotency-key']);
    second.unmount();

    const reloaded = renderMass();
    expect(await screen.findByLabelText('Orders, one per line')).toHaveValue([FOLLOWERS, VIEWS, LIKES].join('\n'));
    await reloaded.user.click(await screen.findByRole('button', { name: 'Submit Again' }));
    await screen.findByText('Results: 3 placed');
    expect(placeCalls().map((c) => c.headers['idempotency-key'])).toEqual([...sent, ...sent]);
    expect(placedByKey.size).toBe(3);
    expect(resultRow(1)).toHaveTextContent('✅ Order 100000101');
    expect(resultRow(3)).toHaveTextContent('✅ Order 100000103');
    // Done: the box is empty and the batch forgotten.
    expect(screen.getByLabelText('Orders, one per line')).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps a pending batch for its own user only', async () => {
    placeAnswer = () => ({ networkError: true });
    const first = renderMass();
    await typeLines(first.user, [FOLLOWERS]);
    await first.user.click(screen.getByRole('button', { name: 'Place 1 Order' }));
    await screen.findByText('No answer: submit again');
    first.unmount();

    renderApp(<MassOrderForm balance={500} />, {
      route: '/mass-order',
      auth: fakeAuth({ user: { ...customer, uid: 'u2', email: 'sara@example.com' } }),
    });
    expect(await screen.findByLabelText('Orders, one per line')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Submit Again' })).toBeNull();
  });
});
