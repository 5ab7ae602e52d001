import type { AdminReview } from '@shared/schemas/support';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewsPanel } from '@/features/admin/support/components/reviews-panel';
import { admin, fakeAuth, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/reviews', auth: fakeAuth({ user: admin }) };

function review(id: string, name: string, fields: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: id,
    name,
    rating: 4,
    comment: `${name} says: good service`,
    createdAt: '2026-01-01T00:00:00.000Z',
    status: 'pending',
    ...fields,
  };
}

const lists = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/reviews');
const queue = () => screen.getByRole('table', { name: 'Reviews waiting for approval' });

describe('ReviewsPanel', () => {
  it('is the pending queue, oldest first as the server sends it: Load more asks for the next page', async () => {
    const { calls } = mockApi({
      'GET /api/admin/reviews': (call) => ({
        body:
          call.query.cursor === 'page-2'
            ? { reviews: [review('r3', 'Hina')], nextCursor: null }
            : { reviews: [review('r1', 'Sana'), review('r2', 'Bilal', { rating: 2 })], nextCursor: 'page-2' },
      }),
    });
    const { user } = renderApp(<ReviewsPanel />, asAdmin);
    await screen.findByText('Sana');
    expect(lists(calls)[0]?.query).toMatchObject({ status: 'pending' });
    const rows = within(queue()).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByText(/^(Sana|Bilal)$/)[0]?.textContent)).toEqual(['Sana', 'Bilal']);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Bilal says: good service')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Hina');
    expect(lists(calls).at(-1)?.query).toMatchObject({ status: 'pending', cursor: 'page-2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('approves after a confirmation that recalls the review; the row leaves the queue and the list is asked again', async () => {
    let pending = [review('r1', 'Sana'), review('r2', 'Bilal')];
    const { calls } = mockApi({
      'GET /api/admin/reviews': () => ({ body: { reviews: pending, nextCursor: null } }),
      'POST /api/admin/reviews/r1/approve': () => {
        pending = pending.filter((r) => r._id !== 'r1');
        return {
          body: {
            message: 'Review approved: it shows on About',
            review: review('r1', 'Sana', { status: 'approved', decidedAt: '2026-01-02T00:00:00.000Z' }),
          },
        };
      },
    });
    const { user } = renderApp(<ReviewsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Approve the review of Sana' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve review' });
    expect(within(dialog).getByText('Sana says: good service')).toBeInTheDocument();
    expect(within(dialog).getByText('It will show on the About page to everyone.')).toBeInTheDocument();
    const before = lists(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('✅ Review approved: it shows on About')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(within(queue()).queryByText('Sana')).toBeNull());
    expect(within(queue()).getByText('Bilal')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/admin/reviews/r1/approve']);
    expect(posts[0]?.body).toEqual({});
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  });

  it('rejects with an optional note, sent trimmed; Cancel decides nothing', async () => {
    const { calls } = mockApi({
      'GET /api/admin/reviews': { body: { reviews: [review('r1', 'Spammer')], nextCursor: null } },
      'POST /api/admin/reviews/r1/reject': {
        body: { message: 'Review rejected', review: review('r1', 'Spammer', { status: 'rejected', note: 'Advertising' }) },
      },
    });
    const { user } = renderApp(<ReviewsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Reject the review of Spammer' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Reject review' })).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reject the review of Spammer' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject review' });
    await user.type(within(dialog).getByLabelText('Note for the admins (optional)'), '  Advertising  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('✅ Review rejected')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/reviews/r1/reject', { note: 'Advertising' }],
    ]);
  });

  it('keeps the dialog open with the server’s word when another admin decided first', async () => {
    mockApi({
      'GET /api/admin/reviews': { body: { reviews: [review('r1', 'Sana')], nextCursor: null } },
      'POST /api/admin/reviews/r1/approve': {
        status: 409,
        body: { code: 'already_decided', message: 'This review was already rejected', field: 'status' },
      },
    });
    const { user } = renderApp(<ReviewsPanel />, asAdmin);
    await user.click(await screen.findByRole('button', { name: 'Approve the review of Sana' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve review' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('❌ This review was already rejected')).toBeInTheDocument();
  });

  it('shows the approved and rejected ones newest first, with when they were decided and the note; no buttons', async () => {
    const { calls } = mockApi({
      'GET /api/admin/reviews': (call) => ({
        body: {
          reviews:
            call.query.status === 'approved'
              ? [
                  review('a1', 'Zara', { status: 'approved', decidedAt: '2026-01-03T10:00:00.000Z' }),
                  review('a0', 'Old', { status: 'approved' }),
                ]
              : call.query.status === 'rejected'
                ? [review('x1', 'Spammer', { status: 'rejected', decidedAt: '2026-01-03T10:00:00.000Z', note: 'Advertising' })]
                : [],
          nextCursor: null,
        },
      }),
    });
    const { user } = renderApp(<ReviewsPanel />, asAdmin);
    expect(await screen.findByText('No reviews waiting for approval.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    const approved = await screen.findByRole('table', { name: 'Approved reviews' });
    await within(approved).findByText('Zara');
    expect(lists(calls).at(-1)?.query).toMatchObject({ status: 'approved' });
    expect(screen.getByText('Newest first.')).toBeInTheDocument();
    // A review published before approval existed has no decision time.
    expect(within(approved).getByText('Published before approval')).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = await screen.findByRole('table', { name: 'Rejected reviews' });
    expect(await within(rejected).findByText('Note: Advertising')).toBeInTheDocument();
    expect(within(rejected).getByText('rejected')).toBeInTheDocument();
  });
});
