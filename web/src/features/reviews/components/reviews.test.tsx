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

  it('puts the new review on top and resets the form', async () => {
    const { calls } = mockApi({
      'GET /api/review': { body: { reviews: [old] } },
      'POST /api/review': { status: 201, body: { review: created } },
    });
    const { user } = renderApp(<AboutParts />, { route: '/about' });
    await screen.findByText('Bilal');
    await user.type(screen.getByPlaceholderText('Your Name'), 'Ali');
    await user.type(screen.getByPlaceholderText('Your Review'), 'Fast and reliable');
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Ali'));
    expect(within(screen.getAllByRole('listitem')[1] as HTMLElement).getByText('Bilal')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Ali', rating: 5, comment: 'Fast and reliable' });
    expect(screen.getByPlaceholderText('Your Name')).toHaveValue('');
    expect(screen.getByPlaceholderText('Your Review')).toHaveValue('');
    for (const star of screen.getAllByRole('radio')) expect(star).not.toBeChecked();
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
