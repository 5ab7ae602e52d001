import type { CatalogueUpdate } from '@shared/catalogue-updates';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UpdatesRoute } from '@/app/routes/updates';
import { fakeAuth, mockApi, renderApp } from '@/testing/render';

const service = { _id: 'tt-views-fast', number: 121, platform: 'tiktok', category: 'Views', name: 'Video Views' } as const;
const entry = (id: string, at: string, fields: Partial<CatalogueUpdate>): CatalogueUpdate => ({
  _id: id,
  at,
  kind: 'new',
  service,
  ...fields,
});
const FIRST = [
  entry('u5', '2026-11-20T19:30:00.000Z', { kind: 'price', rate: { from: 35, to: 32.5 }, note: 'A cheaper provider.' }),
  entry('u4', '2026-11-20T10:00:00.000Z', { kind: 'price', rate: { from: 20, to: 22 } }),
  entry('u3', '2026-11-19T10:00:00.000Z', { kind: 'refill', refillDays: { from: 0, to: 30 } }),
];
const SECOND = [
  entry('u2', '2026-11-18T10:00:00.000Z', { kind: 'disabled' }),
  entry('u1', '2026-11-17T10:00:00.000Z', { kind: 'new', rate: { to: 20 }, refillDays: { from: 0, to: 0 } }),
];

describe('Updates', () => {
  it('lists the catalogue’s changes as sentences, newest first, in Pakistan time, and loads more by the cursor', async () => {
    const { calls } = mockApi({
      'GET /api/updates': (call) =>
        call.query.cursor === 'next' ? { body: { updates: SECOND, nextCursor: null } } : { body: { updates: FIRST, nextCursor: 'next' } },
    });
    const { user } = renderApp(<UpdatesRoute />, { route: '/updates', auth: fakeAuth({ status: 'signed-out', user: null }) });
    const list = await screen.findByRole('list', { name: 'Updates' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()[0]).toHaveTextContent('Price21 Nov 2026, 00:30 PKT');
    expect(items()[0]).toHaveTextContent('TikTok Views · Video Views (ID 121)Price down: Rs 35 → Rs 32.50 per 1,000A cheaper provider.');
    expect(items()[1]).toHaveTextContent('Price up: Rs 20 → Rs 22 per 1,000');
    expect(items()[2]).toHaveTextContent('Refill window: no refill → 30 days');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(5));
    expect(items()[3]).toHaveTextContent('No longer offered');
    expect(items()[4]).toHaveTextContent('New service, Rs 20 per 1,000');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.query)).toEqual([{ limit: '20' }, { limit: '20', cursor: 'next' }]);
  });

  it('says when the feed could not be loaded, and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /api/updates': () => (fail ? { networkError: true } : { body: { updates: [], nextCursor: null } }) });
    const { user } = renderApp(<UpdatesRoute />, { route: '/updates', auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(await screen.findByText('The updates could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No updates yet.')).toBeInTheDocument();
  });
});
