import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { ReviewsList } from '@/features/reviews/components/reviews-list';
import { mockApi, renderApp } from '@/testing/render';

const old = { _id: 'r0', name: 'Bilal', rating: 4, comment: 'Good service', createdAt: '2026-01-01T00:00:00.000Z' };
const created = { _id: 'r1', name: 'Ali', rating: 5, comment: 'Fast and reliable', createdAt: '2026-01-02T00:00:00.000Z' };

function AboutParts() {
  return (
    <>
      <ReviewsList />
      <ReviewForm />
    </>
  );
}

describe('Reviews', () => {
  it("shows 'No reviews yet. Be the first one!' when there are none", async () => {
    mockApi({ 'GET /api/review': { body: { reviews: [] } } });
    renderApp(<AboutParts />, { route: '/about' });
    expect(await screen.findByText('No reviews yet. Be the first one!')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Your Name')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Your Review')).toBeInTheDocument();
  });

  it('shows each review with its stars, name and comment', async () => {
    mockApi({ 'GET /api/review': { body: { reviews: [old] } } });
    renderApp(<AboutParts />, { route: '/about' });
    expect(await screen.findByText('Bilal')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('Good service')).toBeInTheDocument();
  });

  it('shows a name and a comment in their own direction (Urdu right to left), and the form takes them so', async () => {
    const urdu = { ...old, _id: 'r2', name: 'عائشہ خان', comment: 'بہت اچھی سروس، followers جلدی آئے' };
    mockApi({ 'GET /api/review': { body: { reviews: [urdu] } } });
    renderApp(<AboutParts />, { route: '/about' });
    expect(await screen.findByText('عائشہ خان')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText(urdu.comment)).toHaveAttribute('dir', 'auto');
    expect(screen.getByPlaceholderText('Your Name')).toHaveAttribute('dir', 'auto');
    expect(screen.getByPlaceholderText('Your Review')).toHaveAttribute('dir', 'auto');
  });

  it('silently ignores a submit without a rating, a name or a comment', async () => {
    const { calls } = mockApi({ 'GET /api/review': { body: { reviews: [] } } });
    const { user } = renderApp(<AboutParts />, { route: '/about' });
    await screen.findByText('No reviews yet. Be the first one!');
    await user.type(screen.getByPlaceholderText('Your Name'), 'Ali');
    await user.type(screen.getByPlaceholderText('Your Review'), 'Fast and reliable');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await user.clear(screen.getByPlaceholderText('Your Name'));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  // The spec put the new review at the top of the list; now it shows publicly only once
  // approved, so its author sees it on top, marked "Awaiting approval", and is told so.
  it('puts the new review on top for its author, awaiting approval, says so and resets the form', async () => {
    const { calls } = mockApi({
      'GET /api/review': { body: { reviews: [old] } },
      'POST /api/review': {
        status: 201,
        body: { review: { ...created, status: 'pending' }, message: 'Thank you! Your review will appear once approved' },
      },
    });
    const { user } = renderApp(<AboutParts />, { route: '/about' });
    await screen.findByText('Bilal');
    expect(screen.queryByText('Awaiting approval')).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Your Name'), 'Ali');
    await user.type(screen.getByPlaceholderText('Your Review'), 'Fast and reliable');
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Ali'));
    const mine = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(within(mine).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(mine).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    const published = screen.getAllByRole('listitem')[1] as HTMLElement;
    expect(within(published).getByText('Bilal')).toBeInTheDocument();
    expect(within(published).queryByText('Awaiting approval')).not.toBeInTheDocument();
    expect(screen.getByText('Thank you! Your review will appear once approved')).toHaveAttribute('role', 'status');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Ali', rating: 5, comment: 'Fast and reliable' });
    expect(screen.getByPlaceholderText('Your Name')).toHaveValue('');
    expect(screen.getByPlaceholderText('Your Review')).toHaveValue('');
    for (const star of screen.getAllByRole('radio')) expect(star).not.toBeChecked();
  });

  it('shows an awaiting review instead of the empty state, and once published lists it once, as any other', async () => {
    let published: (typeof created)[] = [];
    mockApi({
      'GET /api/review': () => ({ body: { reviews: published } }),
      'POST /api/review': { status: 201, body: { review: { ...created, status: 'pending' } } },
    });
    const { user, queryClient } = renderApp(<AboutParts />, { route: '/about' });
    await screen.findByText('No reviews yet. Be the first one!');
    await user.type(screen.getByPlaceholderText('Your Name'), 'Ali');
    await user.type(screen.getByPlaceholderText('Your Review'), 'Fast and reliable');
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.queryByText('No reviews yet. Be the first one!')).not.toBeInTheDocument();

    // The admin approved it: the published list brings it, and it is no longer marked.
    published = [created];
    await queryClient.invalidateQueries({ queryKey: ['reviews'] });
    await waitFor(() => expect(screen.queryByText('Awaiting approval')).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Fast and reliable')).toBeInTheDocument();
  });

  it('only logs a failed submit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /api/review': { body: { reviews: [] } },
      'POST /api/review': { status: 500, body: { message: 'Something went wrong' } },
    });
    const { user } = renderApp(<AboutParts />, { route: '/about' });
    await screen.findByText('No reviews yet. Be the first one!');
    await user.type(screen.getByPlaceholderText('Your Name'), 'Ali');
    await user.type(screen.getByPlaceholderText('Your Review'), 'Nice');
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
