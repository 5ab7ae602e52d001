import type { LedgerEntry } from '@shared/schemas/money';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StatementRoute } from '@/app/routes/statement';
import { customer, fakeAuth, ignoreUnknownSearchElement, type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';
import { SearchProbe } from '@/testing/search-probe';

vi.mock('@/lib/firebase', async () => (await import('@/testing/firebase')).signedInFirebase('u1', 'customer-token'));

const entry = (over: Partial<LedgerEntry> & Pick<LedgerEntry, '_id' | 'type' | 'amount' | 'balanceAfter' | 'at'>): LedgerEntry => over;

// Newest first, as the API answers: a top-up, an order paid, its refund, and the admin's correction.
const PAGE_1 = [
  entry({ _id: 'e4', type: 'adjustment', amount: -25, balanceAfter: 1075, reason: 'Duplicate credit', at: '2026-11-30T19:30:00.000Z' }),
  entry({ _id: 'e3', type: 'refund', amount: 100, balanceAfter: 1100, orderId: '1042', at: '2026-11-20T10:00:00.000Z' }),
];
const PAGE_2 = [
  entry({ _id: 'e2', type: 'debit', amount: 400, balanceAfter: 1000, orderId: '1042', at: '2026-11-19T10:00:00.000Z' }),
  entry({ _id: 'e1', type: 'credit', amount: 1400, balanceAfter: 1400, rechargeId: 'r1', at: '2026-11-18T10:00:00.000Z' }),
];

let ledger: (call: RecordedCall) => MockResponse;
let calls: RecordedCall[];

beforeEach(() => {
  ignoreUnknownSearchElement();
  ledger = (call) =>
    call.query.cursor === 'c2' ? { body: { entries: PAGE_2, nextCursor: null } } : { body: { entries: PAGE_1, nextCursor: 'c2' } };
  ({ calls } = mockApi({ 'GET /api/ledger': (call) => ledger(call) }));
});

const open = (query = '') =>
  renderApp(
    <>
      <StatementRoute />
      <SearchProbe />
    </>,
    { route: `/statement${query}`, auth: fakeAuth({ user: customer }) },
  );

const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe("the customer's statement", () => {
  it('lists the entries newest first with what each was for, the signed amount and the balance after, in Pakistan time', async () => {
    const { user } = open();
    await screen.findByRole('table');
    expect(rowTexts()).toEqual([
      ['1 Dec 2026, 00:30 PKT', 'Adjustment', 'Correction: Duplicate credit', '− Rs\u00a025', 'Rs\u00a01,075'],
      ['20 Nov 2026, 15:00 PKT', 'Refund', 'Refund of order #1042', '+ Rs\u00a0100', 'Rs\u00a01,100'],
    ]);
    expect(screen.getByRole('link', { name: 'order #1042' })).toHaveAttribute('href', '/dashboard?order=1042');
    expect(screen.getByText('− Rs 25')).toHaveClass('text-red-700');
    expect(screen.getByText('+ Rs 100')).toHaveClass('text-emerald-700');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(4));
    expect(rowTexts().slice(2)).toEqual([
      ['19 Nov 2026, 15:00 PKT', 'Order', 'Payment for order #1042', '− Rs\u00a0400', 'Rs\u00a01,000'],
      ['18 Nov 2026, 15:00 PKT', 'Top-up', 'Balance top-up', '+ Rs\u00a01,400', 'Rs\u00a01,400'],
    ]);
    expect(calls.map((call) => call.query)).toEqual([{ limit: '50' }, { limit: '50', cursor: 'c2' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by days and type through the URL, and says when nothing matches', async () => {
    ledger = (call) => ({ body: { entries: call.query.type ? [] : PAGE_1, nextCursor: null } });
    const { user } = open();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('From'), '01/11/2026');
    await user.type(screen.getByLabelText('To'), '30/11/2026');
    await user.selectOptions(screen.getByLabelText('Type'), 'Refund');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?from=2026-11-01&to=2026-11-30&type=refund');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ from: '2026-11-01', to: '2026-11-30', type: 'refund', limit: '50' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    expect(screen.getByLabelText('Type')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('reads its filters from the URL, and downloads that range as CSV with the token', async () => {
    const clicked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    ({ calls } = mockApi({ 'GET /api/ledger': (call) => ledger(call), 'GET /api/ledger.csv': { body: 'date,type\n' } }));
    const { user } = open('?type=debit&from=2026-11-01');
    await screen.findByRole('table');
    expect(calls[0]?.query).toEqual({ from: '2026-11-01', type: 'debit', limit: '50' });
    expect(screen.getByLabelText('Type')).toHaveValue('debit');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['statement-from-2026-11-01-debit.csv']));
    const csv = calls.find((call) => call.path === '/api/ledger.csv');
    expect(csv?.query).toEqual({ from: '2026-11-01', type: 'debit' });
    expect(csv?.headers.authorization).toBe('Bearer customer-token');
  });

  it("shows the server's refusal of a file too large (export_too_large) as it says it", async () => {
    const message = 'This file would have 52,310 rows, more than the 40,000 one download can hold. Choose a shorter range.';
    mockApi({
      'GET /api/ledger': (call) => ledger(call),
      'GET /api/ledger.csv': { status: 422, body: { message, code: 'export_too_large' } },
    });
    const { user } = open();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows referral earnings moved to the balance as money in, and offers them as a type to filter by', async () => {
    ledger = () => ({
      body: {
        entries: [entry({ _id: 'e5', type: 'referral', amount: 150, balanceAfter: 1225, at: '2026-12-02T05:00:00.000Z' })],
        nextCursor: null,
      },
    });
    open();
    await screen.findByRole('table');
    expect(rowTexts()).toEqual([
      ['2 Dec 2026, 10:00 PKT', 'Referral earnings', 'Moved from your referral earnings', '+ Rs\u00a0150', 'Rs\u00a01,225'],
    ]);
    expect(screen.getByText('+ Rs 150')).toHaveClass('text-emerald-700');
    expect(within(screen.getByLabelText('Type')).getByRole('option', { name: 'Referral earnings' })).toHaveValue('referral');
  });

  it('says so when there is nothing yet', async () => {
    ledger = () => ({ body: { entries: [], nextCursor: null } });
    open();
    expect(await screen.findByText('No entries yet. Your top-ups and orders will show here.')).toBeInTheDocument();
  });
});
