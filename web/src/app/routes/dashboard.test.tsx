import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DashboardRoute } from '@/app/routes/dashboard';
import { anOrder, aProfile } from '@/testing/fixtures';
import { currentPath, currentSearch, customer, fakeAuth, type MockResponse, mockApi, renderApp } from '@/testing/render';

const profile = aProfile({ _id: customer.uid, balance: 1234.5 });

let profileAnswer: MockResponse;

beforeEach(() => {
  profileAnswer = { body: { user: profile } };
  mockApi({
    'GET /api/user/profile': () => profileAnswer,
    'GET /api/order/my-orders': { body: { orders: [], nextCursor: null } },
    'GET /api/settings': { status: 404, body: { message: 'Not found' } },
  });
});

const renderDashboard = (route = '/dashboard') =>
  renderApp(<DashboardRoute />, { route, auth: fakeAuth({ status: 'signed-in', user: customer }) });

describe('DashboardRoute', () => {
  it('shows the balance and the empty order list', async () => {
    renderDashboard();
    expect(await screen.findByText('Rs 1,234.50')).toBeInTheDocument();
    expect(await screen.findByText('No recent orders found.')).toBeInTheDocument();
  });

  it.each([401, 400])("answers a profile %i with 'Invalid token', ends the session and goes to /login", async (status) => {
    profileAnswer = { status, body: { message: 'Something else' } };
    const { auth } = renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token');
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it("says 'User data not found' when the answer has no user", async () => {
    profileAnswer = { body: {} };
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('User data not found');
  });

  it("says 'Failed to fetch user data' on another failure, and Go to Login keeps the session", async () => {
    profileAnswer = { status: 500, body: { message: 'Something went wrong' } };
    const { user, auth } = renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user data');
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(currentPath()).toBe('/login');
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('tells a blocked customer that the account is suspended, and why', async () => {
    profileAnswer = { body: { user: { ...profile, blocked: { reason: 'Chargeback on Easypaisa', at: '2026-02-01T10:00:00.000Z' } } } };
    renderDashboard();
    const banner = await screen.findByRole('alert', { name: 'Your account is suspended' });
    expect(banner).toHaveTextContent('Reason: Chargeback on Easypaisa');
    expect(banner).toHaveTextContent('You cannot place orders, request top-ups or use your API key');
  });

  it('disables a blocked customer’s Recharge, with the reason', async () => {
    profileAnswer = { body: { user: { ...profile, blocked: { reason: 'Chargeback', at: '2026-02-01T10:00:00.000Z' } } } };
    renderDashboard('/dashboard?recharge=1');
    const recharge = await screen.findByRole('button', { name: 'Recharge' });
    expect(recharge).toBeDisabled();
    expect(recharge).toHaveAccessibleDescription('Recharges are paused while your account is suspended.');
    // The order page's link does not open the form for them either.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the recharge form with the page at ?recharge=1 (an order page’s Insufficient Balance), and closing it leaves the address', async () => {
    const { user } = renderDashboard('/dashboard?recharge=1');
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Recharge' })).toBeEnabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(currentSearch()).toBe('');
  });

  it('shows no suspension banner for an account that is not blocked', async () => {
    profileAnswer = { body: { user: { ...profile, blocked: null } } };
    renderDashboard();
    expect(await screen.findByText('Rs 1,234.50')).toBeInTheDocument();
    expect(screen.queryByText('Your account is suspended')).not.toBeInTheDocument();
  });
});

describe('/dashboard?order=N (the link of an order notification)', () => {
  const order = (number: number) =>
    anOrder(number, { user: { _id: customer.uid, name: 'Ali', email: 'ali@example.com' }, status: 'completed' });

  it('scrolls to that order’s row and highlights it, shown even below the first five', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    mockApi({
      'GET /api/user/profile': { body: { user: profile } },
      'GET /api/order/my-orders': { body: { orders: [1008, 1007, 1006, 1005, 1004, 1003, 1002].map(order), nextCursor: null } },
      'GET /api/settings': { status: 404, body: { message: 'Not found' } },
    });
    renderApp(<DashboardRoute />, { route: '/dashboard?order=1002', path: '/dashboard' });
    const row = await screen.findByText('#1002');
    const highlighted = row.closest('tr');
    expect(highlighted).toHaveAttribute('aria-current', 'true');
    expect(document.querySelectorAll('tr[aria-current]')).toHaveLength(1);
    await waitFor(() => expect(scrolled).toContain(highlighted));
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });
});

describe("the dashboard's spending chart", () => {
  it('asks for the spending only after the dashboard has rendered, then says the sum and draws a bar a day', async () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      spent: i === 4 ? 250.5 : i === 9 ? 1000 : 0,
    }));
    const { calls } = mockApi({
      'GET /api/user/profile': () => profileAnswer,
      'GET /api/order/my-orders': { body: { orders: [], nextCursor: null } },
      'GET /api/settings': { status: 404, body: { message: 'Not found' } },
      'GET /api/ledger/spending': { body: { asOf: '2026-11-30T10:00:00.000Z', days } },
    });
    renderDashboard();
    expect(await screen.findByText('Rs 1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/statement');
    expect(calls.some((call) => call.path === '/api/ledger/spending')).toBe(false);
    const chart = await screen.findByRole('img', { name: 'Rs\u00a01,250.50 spent in the last 30 days' }, { timeout: 5000 });
    expect(chart.querySelectorAll('rect[height]:not([height="0"])')).toHaveLength(2);
    expect(screen.getByTestId('spending-summary')).toHaveTextContent('Rs 1,250.50 spent in the last 30 days');
    // Up to when it counts, in Pakistan time.
    expect(screen.getByTestId('spending-as-of')).toHaveTextContent('Counted up to 30 Nov 2026, 15:00 PKT');
  });
});

describe("the dashboard's Your prices", () => {
  it('shows the customer’s tier and the next one once the dashboard has rendered', async () => {
    const { calls } = mockApi({
      'GET /api/user/profile': () => profileAnswer,
      'GET /api/order/my-orders': { body: { orders: [], nextCursor: null } },
      'GET /api/settings': { status: 404, body: { message: 'Not found' } },
      'GET /api/pricing': {
        body: {
          pricing: {
            credited: 30_000,
            tier: { name: 'Silver', percent: 3 },
            next: { name: 'Gold', percent: 6, threshold: 100_000, remaining: 70_000 },
            percent: null,
            rates: 0,
            tiers: [
              { id: 's', name: 'Silver', threshold: 25_000, percent: 3 },
              { id: 'g', name: 'Gold', threshold: 100_000, percent: 6 },
            ],
          },
        },
      },
    });
    renderDashboard();
    expect(await screen.findByText('Rs 1,234.50')).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Your prices' });
    expect(card).toHaveTextContent('Silver: 3% off list prices');
    expect(card).toHaveTextContent('Rs 70,000 more in top-ups to reach Gold (6% off)');
    expect(calls.filter((call) => call.path === '/api/pricing')).toHaveLength(1);
  });
});
