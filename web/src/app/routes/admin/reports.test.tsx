import type { Report } from '@shared/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminReportsRoute } from '@/app/routes/admin/reports';
import { currentIdToken } from '@/lib/firebase';
import { admin, fakeAuth, ignoreUnknownSearchElement, type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';
import { SearchProbe } from '@/testing/search-probe';

vi.mock('@/lib/firebase', async () => (await import('@/testing/firebase')).signedInFirebase('a1', 'admin-token'));
// jsdom has no canvas: the charts' own drawing is checked in Chromium (tests/e2e/reports.test.ts).
vi.mock('@/features/admin/reports/components/report-charts', () => ({
  ReportCharts: ({ report }: { report: Report }) => <p>charts of {report.series.length} buckets</p>,
}));

const report = (from: string, to: string): Report => ({
  from,
  to,
  granularity: 'day',
  asOf: '2026-11-24T06:50:00.000Z',
  totals: {
    topUps: 5000,
    revenue: 1234.5,
    refunds: 100,
    cost: 400,
    profit: 834.5,
    orders: 7,
    adjustments: -50,
    newCustomers: 3,
    discounts: 61.25,
    referralPayouts: 150,
  },
  series: [{ start: from, topUps: 5000, revenue: 1234.5, refunds: 100, cost: 400, profit: 834.5, orders: 7, newCustomers: 3 }],
  ordersByStatus: { pending: 1, processing: 1, completed: 3, partial: 1, cancelled: 1 },
  byPlatform: [{ platform: 'tiktok', revenue: 1234.5, refunds: 100, cost: 400, profit: 834.5, orders: 7 }],
  byService: [
    {
      serviceId: 's1',
      service: 'TikTok Followers',
      platform: 'tiktok',
      revenue: 1234.5,
      refunds: 100,
      cost: 400,
      profit: 834.5,
      orders: 7,
    },
  ],
  byProvider: [{ providerId: 'manual', name: 'Manual', revenue: 1234.5, refunds: 100, cost: 0, profit: 1234.5, orders: 7 }],
  topCustomers: [{ uid: 'u-9', name: 'Sana', email: 'sana@example.com', revenue: 1234.5, orders: 7 }],
  owed: { balances: 98765, providers: [{ providerId: 'p1', name: 'SMM King', balance: 42.5, currency: 'USD', checkedAt: null }] },
});

let reports: (call: RecordedCall) => MockResponse;
let calls: RecordedCall[];

beforeEach(() => {
  ignoreUnknownSearchElement();
  // 00:30 in Pakistan on 1 December; the browser's clock (UTC) still says 30 November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T19:30:00Z'));
  reports = (call) => ({ body: report(call.query.from ?? '', call.query.to ?? '') });
  ({ calls } = mockApi({ 'GET /api/admin/reports': (call) => reports(call) }));
});

afterEach(() => {
  vi.useRealTimers();
});

const open = (query = '') =>
  renderApp(
    <>
      <AdminReportsRoute />
      <SearchProbe />
    </>,
    { route: `/admin/reports${query}`, auth: fakeAuth({ user: admin }) },
  );

const reportCalls = () => calls.filter((call) => call.path === '/api/admin/reports').map((call) => call.query);

describe('the admin reports page', () => {
  it('asks for the last 7 Pakistan days by day and shows the totals, the owed balances and the breakdowns', async () => {
    open();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(reportCalls()[0]).toEqual({ from: '2026-11-25', to: '2026-12-01', granularity: 'day' });
    expect(within(totals).getByText('Revenue').nextSibling).toHaveTextContent('Rs 1,234.50');
    expect(within(totals).getByText('Profit').nextSibling).toHaveTextContent('Rs 834.50');
    expect(within(totals).getByText('Adjustments').nextSibling).toHaveTextContent(/^-Rs 50$/);
    expect(within(totals).getByText('New customers').nextSibling).toHaveTextContent('3');
    expect(within(totals).getByText('Discounts given').nextSibling).toHaveTextContent(/^Rs 61.25$/);
    expect(within(totals).getByText('Referral payouts').nextSibling).toHaveTextContent(/^Rs 150$/);
    expect(totals).toHaveTextContent('Figures up to 24 Nov 2026, 11:50 PKT');
    expect(screen.getByText("Customers' balances").nextSibling).toHaveTextContent(/^Rs 98,765$/);
    expect(screen.getByText('SMM King').nextSibling).toHaveTextContent('USD 42.50');
    expect(screen.getByRole('link', { name: 'Sana' })).toHaveAttribute('href', '/admin/users/u-9');
    expect(await screen.findByText('charts of 1 buckets')).toBeInTheDocument();
  });

  it('keeps the choice in the URL: a preset, the granularity, and a custom range starting from the days shown', async () => {
    const { user } = open('?range=30d&granularity=week');
    await screen.findByRole('region', { name: 'Totals' });
    expect(reportCalls()[0]).toEqual({ from: '2026-11-02', to: '2026-12-01', granularity: 'week' });
    await user.selectOptions(screen.getByLabelText('Range'), 'Last month');
    expect(screen.getByTestId('search')).toHaveTextContent('?range=last-month&granularity=week');
    await waitFor(() => expect(reportCalls().at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-30', granularity: 'week' }));
    await user.selectOptions(screen.getByLabelText('Show by'), 'Month');
    await user.selectOptions(screen.getByLabelText('Range'), 'Custom');
    expect(screen.getByTestId('search')).toHaveTextContent('?range=custom&from=2026-11-01&to=2026-11-30&granularity=month');
    expect(screen.getByLabelText('From')).toHaveValue('01/11/2026');
  });

  it("shows the server's reason for a refused custom range", async () => {
    reports = () => ({
      status: 400,
      body: { message: 'The end date cannot be before the start date', code: 'invalid_input', field: 'to' },
    });
    open('?range=custom&from=2026-11-10&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date cannot be before the start date');
    expect(reportCalls()[0]).toMatchObject({ from: '2026-11-10', to: '2026-11-01' });
    expect(screen.getByRole('button', { name: 'Orders CSV' })).toBeDisabled();
  });

  it('downloads an export of the range with the admin token, named for it; a failure says so', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    let exportAnswer: MockResponse = { body: 'number,status\n1,completed\n' };
    ({ calls } = mockApi({
      'GET /api/admin/reports': (call) => reports(call),
      'GET /api/admin/exports/orders.csv': () => exportAnswer,
    }));
    const { user } = open('?range=today');
    await screen.findByRole('region', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Orders CSV' }));
    await waitFor(() => expect(clicked).toEqual(['orders-2026-12-01-to-2026-12-01.csv']));
    const exportCall = calls.find((call) => call.path === '/api/admin/exports/orders.csv');
    expect(exportCall?.query).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(exportCall?.headers.authorization).toBe('Bearer admin-token');
    expect(vi.mocked(currentIdToken)).toHaveBeenCalled();

    exportAnswer = { status: 503, body: { message: 'Busy, try again', code: 'busy' } };
    await user.click(screen.getByRole('button', { name: 'Orders CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('❌ Busy, try again');
    expect(clicked).toHaveLength(1);
  });
});
