import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrderServices } from '@/features/orders/components/order-services';
import { builtInCatalogue } from '@/testing/catalogue';
import { fill, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const order = {
  _id: '123456789',
  number: 123456789,
  user: { _id: 'u1', name: 'Ali', email: 'ali@example.com' },
  platform: 'tiktok',
  serviceId: 'tt-followers-real',
  service: 'TikTok Followers Real Followers',
  link: 'https://www.tiktok.com/@ali',
  quantity: 50,
  price: 45,
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let placeAnswer: (call: RecordedCall) => { status?: number; body?: unknown; networkError?: boolean };
let liveServices: typeof builtInCatalogue.services;
let liveCategories: typeof builtInCatalogue.categories | undefined;
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  placeAnswer = () => ({ status: 201, body: { message: 'Order placed successfully', order, balance: 455 } });
  liveServices = builtInCatalogue.services;
  liveCategories = undefined;
  api = mockApi({
    'GET /api/services': () => ({ body: { services: liveServices, categories: liveCategories } }),
    'POST /api/order/place': (call) => placeAnswer(call),
  });
});

function renderOrder(balance: number | undefined = 500, search = '') {
  return renderApp(<OrderServices balance={balance} search={new URLSearchParams(search)} />, { route: '/order' });
}

const placeCalls = () => api.calls.filter((c) => c.path === '/api/order/place');

async function chooseTikTokRealFollowers(user: ReturnType<typeof renderOrder>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Followers/ }));
  await user.click(screen.getByRole('radio', { name: /Real Followers/ }));
}

/** Chooses TikTok Real Followers, types a link and presses Place Order. */
async function placeRealFollowersOrder(user: ReturnType<typeof renderOrder>['user']) {
  await chooseTikTokRealFollowers(user);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
  await fill(user, screen.getByLabelText('Link'), 'https://www.tiktok.com/@ali');
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
}

describe('OrderServices', () => {
  it('preselects the default quantity of a service and shows the live total', async () => {
    const { user } = renderOrder();
    await chooseTikTokRealFollowers(user);
    expect(screen.getByLabelText('Quantity')).toHaveValue(50);
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 45');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '1000');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 900');
    expect(screen.getByText('Min 10, max 100,000')).toBeInTheDocument();
  });

  it('preselects Views 1000 and Comments 1', async () => {
    const { user } = renderOrder();
    await user.click(await screen.findByRole('button', { name: /^Views/ }));
    await user.click(screen.getByRole('radio', { name: /^Video Views/ }));
    expect(screen.getByLabelText('Quantity')).toHaveValue(1000);
    await user.click(await screen.findByRole('button', { name: /^Comments/ }));
    await user.click(screen.getByRole('radio', { name: /Random Positive Comments/ }));
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
  });

  it('shows the categories in the admin’s order, free-text names included, and only active services’ categories', async () => {
    liveServices = [
      ...builtInCatalogue.services.filter((s) => s.platform === 'tiktok' && s.category !== 'Comments'),
      {
        ...builtInCatalogue.services[0],
        _id: 'svc-400',
        number: 400,
        category: 'Live Stream',
        name: 'Live Viewers',
      } as (typeof liveServices)[number],
    ];
    liveCategories = { ...builtInCatalogue.categories, tiktok: ['Views', 'Live Stream', 'Comments', 'Followers'] };
    renderOrder();
    // Comments has no active service in the live answer, so no group.
    await screen.findByRole('button', { name: /^Views/ });
    expect(screen.queryByRole('button', { name: /^Comments/ })).toBeNull();
    const groups = screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent?.replace(/\s*\(\d+\)$/, ''));
    expect(groups).toEqual(['Views', 'Live Stream', 'Followers', 'Likes', 'Share/Post Reel', 'Video Reactions']);
  });

  it('opens the deep-linked platform and category', async () => {
    renderOrder(500, 'platform=instagram&category=Likes');
    expect(screen.getByRole('radio', { name: 'Instagram' })).toBeChecked();
    expect(await screen.findByRole('button', { name: /^Likes/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('radio', { name: /Instant Likes/ })).toBeInTheDocument();
  });

  it('chooses the service a link names (`?service=`, from /services): its platform, group, ID, min and max', async () => {
    renderOrder(500, 'service=ig-followers-real');
    const number = builtInCatalogue.services.find((s) => s._id === 'ig-followers-real')?.number;
    expect(await screen.findByText(new RegExp(`^ID ${number} · `))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Instagram' })).toBeChecked();
    expect(screen.getByRole('button', { name: /^Followers/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('radio', { name: /Real Followers/ })).toBeChecked();
    expect(screen.getByLabelText('Quantity')).toHaveValue(50);
  });

  it('shows the chosen service’s own facts: its refill window and cancel, its measured figures or New, its badges', async () => {
    const figures = {
      new: false,
      timePer1000: 7800,
      medianStart: 240,
      completedPercent: 96,
      orders30Days: 48,
      asOf: '2026-11-20T12:00:00.000Z',
    };
    liveServices = builtInCatalogue.services.map((s) =>
      s._id === 'tt-followers-real' ? { ...s, refillDays: 30, cancel: false, figures, badges: ['HQ'] } : s,
    );
    const { user } = renderOrder();
    await chooseTikTokRealFollowers(user);
    const facts = () => screen.getByRole('list', { name: 'About this service' });
    expect(
      within(facts())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Refill 30 days',
      'No cancel',
      'Avg time per 1,000 2 h 10 min (Over its last 10 completed orders)',
      'Median start 4 min (Over its last 10 completed orders)',
      'Completed in full 96% (Of 48 orders that ended in the last 30 days)',
      'HQ',
    ]);
    // Nothing claimed for every service alike: a service without figures is New, without refill says so.
    await user.click(screen.getByRole('button', { name: /^Views/ }));
    await user.click(screen.getByRole('radio', { name: /^Video Views/ }));
    expect(
      within(facts())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['No refill', 'Cancel Allowed', 'New (Fewer than 3 orders completed: no time figures yet)']);
    expect(screen.queryByText(/200k\/day/)).toBeNull();
  });

  it('says so when the service a link names is not on sale (disabled since, or mistyped), choosing none', async () => {
    renderOrder(500, 'service=tt-gone-away');
    expect(await screen.findByText('The service you chose is not on sale any more. Choose a service from the list.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { checked: true, name: /Followers|Likes|Views/ })).toBeNull();
  });

  it('shows no service or price until the server answers, and says so when it cannot', async () => {
    let fail = true;
    api = mockApi({
      'GET /api/services': () => (fail ? { networkError: true } : { body: { services: liveServices } }),
    });
    const { user } = renderOrder();
    expect(await screen.findByText('Services could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    // Nothing from the code's built-in catalogue stands in for the admin's.
    expect(screen.queryByRole('button', { name: /^Followers/ })).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Followers/ })).toBeInTheDocument();
  });

  it('says when a platform has no service available', async () => {
    liveServices = builtInCatalogue.services.filter((s) => s.platform !== 'facebook');
    const { user } = renderOrder();
    await screen.findByRole('button', { name: /^Followers/ });
    await user.click(screen.getByRole('radio', { name: 'Facebook' }));
    expect(screen.getByText('No Facebook services are available right now.')).toBeInTheDocument();
  });

  it('clears the service and the open groups when the platform changes', async () => {
    const { user } = renderOrder();
    await chooseTikTokRealFollowers(user);
    await user.click(screen.getByRole('radio', { name: 'Facebook' }));
    expect(screen.getByText('Choose a service from the list.')).toBeInTheDocument();
    for (const group of screen.getAllByRole('button', { expanded: false })) expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { expanded: true })).not.toBeInTheDocument();
  });

  it('validates the link and the quantity', async () => {
    const { user } = renderOrder();
    await chooseTikTokRealFollowers(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.clear(screen.getByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Link is required')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be a number')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Link'), 'https://www.instagram.com/p/1');
    await user.type(screen.getByLabelText('Quantity'), '5');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Enter a TikTok link (tiktok.com) or @username')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be between 10 and 100,000')).toBeInTheDocument();
    expect(placeCalls()).toHaveLength(0);
  });

  it('takes a link without https:// or a bare @username for followers, shows the link it orders for and sends that one', async () => {
    const { user } = renderOrder(500);
    await chooseTikTokRealFollowers(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    const link = screen.getByLabelText('Link');
    await fill(user, link, 'www.TikTok.com/@ali#bio');
    expect(screen.getByText('Orders for https://www.tiktok.com/@ali')).toBeInTheDocument();
    await user.clear(link);
    await user.type(link, '@ali');
    expect(screen.getByText('Orders for https://www.tiktok.com/@ali')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Order Placed' });
    expect(placeCalls().map((c) => c.body)).toEqual([
      { serviceId: 'tt-followers-real', link: 'https://www.tiktok.com/@ali', quantity: 50, price: 45 },
    ]);
  });

  it('refuses a bare username for a post-level service', async () => {
    const { user } = renderOrder(500);
    await user.click(await screen.findByRole('button', { name: /^Likes/ }));
    await user.click(screen.getByRole('radio', { name: /Instant Likes/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.type(screen.getByLabelText('Link'), '@ali');
    expect(screen.queryByText(/^Orders for/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Enter a TikTok link (tiktok.com)')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Link'));
    await fill(user, screen.getByLabelText('Link'), 'tiktok.com/@ali/video/1');
    expect(screen.getByText('Orders for https://tiktok.com/@ali/video/1')).toBeInTheDocument();
    expect(placeCalls()).toHaveLength(0);
  });

  it("shows '❌ Insufficient Balance' and makes no call when the balance is short", async () => {
    const { user } = renderOrder(40);
    await placeRealFollowersOrder(user);
    expect(await screen.findByText('❌ Insufficient Balance')).toBeInTheDocument();
    // With the way to top up: the dashboard's recharge form, open.
    expect(screen.getByRole('link', { name: 'Recharge' })).toHaveAttribute('href', '/dashboard?recharge=1');
    expect(placeCalls()).toHaveLength(0);
  });

  it('places the order with an Idempotency-Key and shows Order Placed', async () => {
    const { user } = renderOrder(500);
    await placeRealFollowersOrder(user);
    const dialog = await screen.findByRole('dialog', { name: 'Order Placed' });
    expect(within(dialog).getByText('Your order was successfully received!')).toBeInTheDocument();
    expect(within(dialog).getByText('123456789')).toBeInTheDocument();
    expect(within(dialog).getByText('https://www.tiktok.com/@ali')).toBeInTheDocument();
    expect(within(dialog).getByText('Rs 45')).toBeInTheDocument();
    expect(within(dialog).getByText('Rs 455')).toBeInTheDocument();
    const [call] = placeCalls();
    expect(call?.body).toEqual({ serviceId: 'tt-followers-real', link: 'https://www.tiktok.com/@ali', quantity: 50, price: 45 });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The form is cleared.
    expect(screen.getByLabelText('Link')).toHaveValue('');
    expect(screen.getByText('Choose a service from the list.')).toBeInTheDocument();
  });

  it('shows a customer’s own price with the list price struck through beside it, and totals and sends their own', async () => {
    // Their tier takes 6 % off the list's Rs 900 (issue 34): the API answers their price and the list's beside it.
    liveServices = builtInCatalogue.services.map((s) =>
      s._id === 'tt-followers-real' ? { ...s, ratePer1000: 846, listRatePer1000: 900 } : s,
    );
    const { user } = renderOrder(500);
    await user.click(await screen.findByRole('button', { name: /^Followers/ }));
    const choice = screen.getByRole('radio', { name: /Real Followers/ }).closest('label') as HTMLElement;
    expect(choice).toHaveTextContent('Rs 846');
    expect(choice.querySelector('s')).toHaveTextContent('list price Rs 900');
    // A service at the list price shows no second price.
    const other = screen.getAllByRole('radio').find((radio) => radio !== within(choice).getByRole('radio'));
    expect(other?.closest('label')?.querySelector('s')).toBeNull();
    await user.click(within(choice).getByRole('radio'));
    expect(screen.getByText(/per 1000 · min 10/)).toHaveTextContent('Rs 846 list price Rs 900 per 1000 · min 10 · max 100,000');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 42.30');
    await fill(user, screen.getByLabelText('Link'), 'https://www.tiktok.com/@ali');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Order Placed' });
    expect(placeCalls()[0]?.body).toMatchObject({ serviceId: 'tt-followers-real', quantity: 50, price: 42.3 });
  });

  it('offers View order (My Orders, searched for it) and Order again (the same service, link and quantity, to send anew)', async () => {
    const { user } = renderOrder(500);
    await placeRealFollowersOrder(user);
    const dialog = await screen.findByRole('dialog', { name: 'Order Placed' });
    expect(within(dialog).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders?q=123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Order again' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Link')).toHaveValue('https://www.tiktok.com/@ali');
    expect(screen.getByLabelText('Quantity')).toHaveValue(50);
    expect(screen.getByRole('radio', { name: /^Real Followers/ })).toBeChecked();
    // Nothing is sent until the customer does.
    expect(placeCalls()).toHaveLength(1);
  });

  it("shows 'Order Failed' with '❌' and the server's message", async () => {
    placeAnswer = () => ({ status: 409, body: { message: 'Price changed, please review your order', code: 'price_changed' } });
    const { user } = renderOrder(500);
    await placeRealFollowersOrder(user);
    const dialog = await screen.findByRole('dialog', { name: 'Order Failed' });
    expect(within(dialog).getByText('❌ Price changed, please review your order')).toBeInTheDocument();
  });

  it('shows the new price after a 409 price change, and a retry sends it', async () => {
    placeAnswer = () => ({ status: 409, body: { message: 'Price changed, please review your order', code: 'price_changed' } });
    const { user } = renderOrder(500);
    await chooseTikTokRealFollowers(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 45');
    // The admin raised the rate from Rs 900 to Rs 1,000 per 1000 meanwhile.
    liveServices = builtInCatalogue.services.map((s) => (s._id === 'tt-followers-real' ? { ...s, ratePer1000: 1000 } : s));
    await fill(user, screen.getByLabelText('Link'), 'https://www.tiktok.com/@ali');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Failed' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 50'));
    placeAnswer = () => ({ status: 201, body: { message: 'Order placed successfully', order: { ...order, price: 50 }, balance: 450 } });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Order Placed' });
    const [first, second] = placeCalls();
    expect(first?.body).toMatchObject({ serviceId: 'tt-followers-real', quantity: 50, price: 45 });
    expect(second?.body).toMatchObject({ serviceId: 'tt-followers-real', quantity: 50, price: 50 });
  });

  it('says when the balance could not be loaded, and offers to try again', async () => {
    let retried = 0;
    renderApp(<OrderServices balance={undefined} balanceFailed={{ retry: () => retried++ }} />, { route: '/order' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your balance could not be loaded');
    expect(screen.getByText('unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(retried).toBe(1);
  });

  // An answer that does not say whether the order was placed keeps the attempt's key: a retry after
  // it can never charge twice. A definite refusal, or busy (nothing written), starts a new attempt.
  it.each([
    { label: 'a network failure', answer: { networkError: true }, sameKey: true, shown: 'Server error, try again.' },
    {
      label: 'a 504 from the gateway',
      answer: { status: 504, body: 'upstream request timeout' },
      sameKey: true,
      shown: 'Server error, try again.',
    },
    {
      label: 'a 500',
      answer: { status: 500, body: { message: 'Something went wrong, please try again', code: 'internal' } },
      sameKey: true,
      shown: 'Server error, try again.',
    },
    {
      label: 'a 503',
      answer: { status: 503, body: { message: 'The server is busy, please try again', code: 'busy' } },
      sameKey: false,
      shown: '❌ The server is busy, please try again',
    },
    {
      label: 'a 400',
      answer: { status: 400, body: { message: 'Insufficient Balance', code: 'insufficient_balance' } },
      sameKey: false,
      shown: '❌ Insufficient Balance',
    },
  ])('after $label the retry uses the same key: $sameKey', async ({ answer, sameKey, shown }) => {
    placeAnswer = () => answer;
    const { user } = renderOrder(500);
    await placeRealFollowersOrder(user);
    const dialog = await screen.findByRole('dialog', { name: 'Order Failed' });
    expect(within(dialog).getByText(shown)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    placeAnswer = () => ({ status: 201, body: { message: 'Order placed successfully', order, balance: 455 } });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Order Placed' });
    const [first, second] = placeCalls();
    expect(first?.headers['idempotency-key']).toBeTruthy();
    expect(second?.headers['idempotency-key'] === first?.headers['idempotency-key']).toBe(sameKey);
  });

  it('disables Place Order offline, says why, and enables it again when the connection returns', async () => {
    const { user } = renderOrder(500);
    await chooseTikTokRealFollowers(user);
    await fill(user, screen.getByLabelText('Link'), 'https://www.tiktok.com/@ali');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    act(() => onlineManager.setOnline(false));
    const button = screen.getByRole('button', { name: 'Place Order' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You are offline. Orders can be placed again once you are back online.');
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    expect(placeCalls()).toHaveLength(0);
  });

  it('disables Place Order for a suspended account and says why', async () => {
    const { user } = renderApp(<OrderServices balance={500} suspended />, { route: '/order' });
    await chooseTikTokRealFollowers(user);
    await fill(user, screen.getByLabelText('Link'), 'https://www.tiktok.com/@ali');
    const button = screen.getByRole('button', { name: 'Place Order' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Your account is suspended, so orders cannot be placed.');
    expect(placeCalls()).toHaveLength(0);
  });

  it("shows the server's Account suspended when the account was blocked since the page loaded", async () => {
    placeAnswer = () => ({ status: 403, body: { message: 'Account suspended', code: 'account_suspended' } });
    const { user } = renderOrder(500);
    await placeRealFollowersOrder(user);
    expect(await screen.findByText('❌ Account suspended')).toBeInTheDocument();
  });

  it('a Custom Comments service takes comments instead of a quantity: a live count and price, sent with their count', async () => {
    const random = builtInCatalogue.services.find((s) => s._id === 'tt-comments-random');
    // Rs 1,500 per 1000: Rs 1.50 a comment, 1..3 comments.
    liveServices = [
      ...builtInCatalogue.services,
      {
        ...random,
        _id: 'svc-500',
        number: 500,
        name: 'Custom Comments',
        type: 'Custom Comments',
        min: 1,
        max: 3,
      } as (typeof liveServices)[number],
    ];
    const { user } = renderOrder(500);
    await user.click(await screen.findByRole('button', { name: /^Comments/ }));
    await user.click(screen.getByRole('radio', { name: /^Custom Comments/ }));
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    const comments = screen.getByLabelText('Comments (one per line)');
    expect(screen.getByText('0 comments · min 1, max 3')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 0');
    await fill(user, comments, 'Great video!\n\nZabardast');
    expect(screen.getByText('2 comments · min 1, max 3')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 3');
    await user.type(comments, '{Enter}Three{Enter}Four');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 6');
    await fill(user, screen.getByLabelText('Link'), 'https://www.tiktok.com/@ali/video/1');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Comments must be between 1 and 3')).toBeInTheDocument();
    expect(placeCalls()).toHaveLength(0);
    await user.type(comments, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 4.50');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Order Placed' });
    expect(placeCalls()[0]?.body).toEqual({
      serviceId: 'svc-500',
      link: 'https://www.tiktok.com/@ali/video/1',
      quantity: 3,
      price: 4.5,
      comments: 'Great video!\nZabardast\nThree',
    });
  });

  describe('drip-feed', () => {
    /** TikTok Real Followers (Rs 900 per 1000) offered with drip-feed, at `rate` if given. */
    const withDripFeed = (rate?: number) => {
      liveServices = builtInCatalogue.services.map((s) =>
        s._id === 'tt-followers-real' ? { ...s, dripfeed: true, ...(rate === undefined ? {} : { ratePer1000: rate }) } : s,
      );
    };

    async function switchOn(user: ReturnType<typeof renderOrder>['user'], runs: string, interval: string) {
      await user.click(screen.getByRole('switch', { name: 'Drip-feed' }));
      if (runs) await user.type(screen.getByLabelText('Runs'), runs);
      if (interval) await user.type(screen.getByLabelText('Interval (minutes)'), interval);
    }

    /** Real Followers for @ali, drip-feed on with `runs` and `interval` typed (none when empty). */
    async function orderDripFeed(runs: string, interval: string) {
      const { user } = renderOrder(500);
      await chooseTikTokRealFollowers(user);
      await user.type(screen.getByLabelText('Link'), '@ali');
      await switchOn(user, runs, interval);
      return user;
    }

    it('is not offered for a service without drip-feed, nor for a Custom Comments one', async () => {
      liveServices = builtInCatalogue.services.map((s) =>
        s._id === 'tt-comments-random' ? { ...s, dripfeed: true, type: 'Custom Comments' as const, min: 1, max: 3 } : s,
      );
      const { user } = renderOrder();
      await chooseTikTokRealFollowers(user);
      expect(screen.queryByRole('switch', { name: 'Drip-feed' })).toBeNull();
      await user.click(screen.getByRole('button', { name: /^Comments/ }));
      await user.click(screen.getByRole('radio', { name: /Random Positive Comments/ }));
      expect(screen.getByLabelText('Comments (one per line)')).toBeInTheDocument();
      expect(screen.queryByRole('switch', { name: 'Drip-feed' })).toBeNull();
    });

    it('on: Runs and Interval, the total quantity, the delivery span and the price of every run', async () => {
      withDripFeed();
      const { user } = renderOrder(500);
      await chooseTikTokRealFollowers(user);
      const toggle = screen.getByRole('switch', { name: 'Drip-feed' });
      expect(toggle).not.toBeChecked();
      expect(screen.queryByLabelText('Runs')).toBeNull();
      await user.clear(screen.getByLabelText('Quantity'));
      await user.type(screen.getByLabelText('Quantity'), '100');
      expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 90');
      await switchOn(user, '5', '30');
      expect(toggle).toBeChecked();
      expect(screen.getByLabelText('Quantity per run')).toHaveValue(100);
      expect(screen.getByText('2 to 100')).toBeInTheDocument();
      expect(screen.getByText('1 to 1,440')).toBeInTheDocument();
      expect(screen.getByTestId('drip-feed-total-quantity')).toHaveTextContent('500');
      // Run 1 at once, run 5 four intervals later.
      expect(screen.getByTestId('drip-feed-span')).toHaveTextContent('about 2 h');
      expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 450');
      expect(screen.getByText(/^Rs 90 a run × 5 runs/)).toBeInTheDocument();
      await user.clear(screen.getByLabelText('Interval (minutes)'));
      await user.type(screen.getByLabelText('Interval (minutes)'), '1440');
      expect(screen.getByTestId('drip-feed-span')).toHaveTextContent('about 4 days');
      // Off again: a plain order's total.
      await user.click(toggle);
      expect(screen.queryByLabelText('Runs')).toBeNull();
      expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 90');
    });

    it("prices a run as the server does, then × runs (not the total quantity's price)", async () => {
      // Rs 1.17 per 1000: 10 a run is 1.17 paisa → 1 paisa; 5 runs are 5 paisa, where 50 at once would be 6.
      withDripFeed(1.17);
      const { user } = renderOrder(500);
      await chooseTikTokRealFollowers(user);
      await user.clear(screen.getByLabelText('Quantity'));
      await user.type(screen.getByLabelText('Quantity'), '10');
      await switchOn(user, '5', '10');
      expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 0.05');
      await user.type(screen.getByLabelText('Link'), '@ali');
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await screen.findByRole('dialog', { name: 'Order Placed' });
      expect(placeCalls()[0]?.body).toMatchObject({ quantity: 10, price: 0.05, runs: 5 });
    });

    it('refuses runs and an interval outside the shared limits, with their messages, and sends nothing', async () => {
      withDripFeed();
      const user = await orderDripFeed('', '');
      expect(screen.getByTestId('drip-feed-total-quantity')).toHaveTextContent('—');
      expect(screen.getByTestId('drip-feed-span')).toHaveTextContent('—');
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByText('Runs must be a whole number between 2 and 100')).toBeInTheDocument();
      expect(screen.getByText('Interval must be a whole number of minutes between 1 and 1440')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Runs'), '101');
      await user.type(screen.getByLabelText('Interval (minutes)'), '0');
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByText('Runs must be a whole number between 2 and 100')).toBeInTheDocument();
      expect(screen.getByText('Interval must be a whole number of minutes between 1 and 1440')).toBeInTheDocument();
      expect(screen.getByTestId('drip-feed-span')).toHaveTextContent('—');
      expect(placeCalls()).toHaveLength(0);
    });

    it('checks the whole price against the balance before any call', async () => {
      withDripFeed();
      // 50 a run at Rs 900 per 1000 is Rs 45; 20 runs are Rs 900.
      const user = await orderDripFeed('20', '60');
      expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 900');
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByText('❌ Insufficient Balance')).toBeInTheDocument();
      expect(placeCalls()).toHaveLength(0);
    });

    it('sends runs, interval, each run’s quantity and the total as the price, with an Idempotency-Key kept for a retry', async () => {
      withDripFeed();
      placeAnswer = () => ({ networkError: true });
      const user = await orderDripFeed('4', '15');
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      const dialog = await screen.findByRole('dialog', { name: 'Order Failed' });
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      const parent = {
        ...order,
        quantity: 200,
        price: 180,
        status: 'processing',
        dripFeed: { runs: 4, interval: 15, quantity: 50, runsDone: 1, nextRunAt: '2026-01-01T00:15:00.000Z', orders: [123456790] },
      };
      placeAnswer = () => ({ status: 201, body: { message: 'Order placed successfully', order: parent, balance: 320 } });
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      const placed = await screen.findByRole('dialog', { name: 'Order Placed' });
      expect(within(placed).getByText('Rs 180')).toBeInTheDocument();
      const [first, second] = placeCalls();
      const body = { serviceId: 'tt-followers-real', link: 'https://www.tiktok.com/@ali', quantity: 50, price: 180, runs: 4, interval: 15 };
      expect(first?.body).toEqual(body);
      expect(second?.body).toEqual(body);
      expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
      // The form starts over as a plain order.
      await user.click(screen.getByRole('radio', { name: /Real Followers/ }));
      expect(screen.getByRole('switch', { name: 'Drip-feed' })).not.toBeChecked();
    });

    it('shows the server’s refusal (drip-feed no longer offered) as any failure', async () => {
      withDripFeed();
      placeAnswer = () => ({
        status: 400,
        body: { message: 'Drip-feed is not available for this service', code: 'dripfeed_unavailable', field: 'runs' },
      });
      const user = await orderDripFeed('2', '5');
      // The admin turned drip-feed off meanwhile.
      liveServices = builtInCatalogue.services;
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      const dialog = await screen.findByRole('dialog', { name: 'Order Failed' });
      expect(within(dialog).getByText('❌ Drip-feed is not available for this service')).toBeInTheDocument();
      // The services are fetched again: the switch goes.
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('switch', { name: 'Drip-feed' })).toBeNull());
    });
  });
});
