import type { CatalogueUpdate } from '@shared/catalogue-updates';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UpdatesPanel } from '@/features/admin/catalogue/components/updates-panel';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const service = { _id: 'ig-likes-hq', number: 212, platform: 'instagram', category: 'Likes', name: 'HQ Likes' } as const;
const shown: CatalogueUpdate = {
  _id: 'u1',
  at: '2026-11-20T10:00:00.000Z',
  kind: 'price',
  service,
  rate: { from: 500, to: 450 },
  hidden: false,
};

describe('UpdatesPanel', () => {
  it('hides an entry and adds a note to it, each a PATCH of that alone, and shows what the server answers', async () => {
    let current = shown;
    const { calls } = mockApi({
      'GET /api/admin/updates': () => ({ body: { updates: [current], nextCursor: null } }),
      'PATCH /api/admin/updates/u1': (call) => {
        current = { ...current, ...(call.body as object) };
        return { body: { update: current } };
      },
    });
    const { user } = renderApp(<UpdatesPanel />, { route: '/admin/services', auth: fakeAuth({ user: admin }) });
    await user.click(await screen.findByRole('button', { name: 'Hide the update of HQ Likes' }));
    expect(await screen.findByText('Hidden from customers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a note to the update of HQ Likes' }));
    await user.type(screen.getByLabelText('Note on the update of HQ Likes'), 'Same likes, a better price.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Same likes, a better price.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show the update of HQ Likes' })).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { hidden: true },
      { note: 'Same likes, a better price.' },
    ]);
  });
});
