import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LandingRoute } from '@/app/routes/landing';
import { formatAmount } from '@/lib/format';
import { builtInCatalogue } from '@/testing/catalogue';
import { currentPath, customer, fakeAuth, mockApi, renderApp } from '@/testing/render';

beforeEach(() => {
  mockApi({ 'GET /api/services': { body: builtInCatalogue } });
});

describe('LandingRoute', () => {
  it('paints the hero and the cards for a visitor at once, then prices the cards from the live catalogue', async () => {
    renderApp(<LandingRoute />, { route: '/', auth: fakeAuth({ status: 'loading', user: null }) });
    // In the first render, synchronously: nothing of it waits for a chunk or an answer.
    expect(screen.getByRole('heading', { level: 1, name: 'Grow your social media, the simple way.' })).toBeInTheDocument();
    const cards = screen.getByRole('heading', { level: 2, name: 'Popular services' }).parentElement as HTMLElement;
    expect(within(cards).getAllByRole('link', { name: /^Order Now/ })).toHaveLength(7);
    expect(within(cards).queryByText(/per 1K/)).not.toBeInTheDocument();

    const cheapest = Math.min(
      ...builtInCatalogue.services.filter((s) => s.platform === 'tiktok' && s.category === 'Followers').map((s) => s.ratePer1000),
    );
    // The priced cards replace the waiting ones (their chunk is transformed on its first import here:
    // give it the time that takes).
    const card = () => within(cards).getByRole('heading', { level: 3, name: 'TikTok Followers' }).parentElement;
    await waitFor(() => expect(card()).toHaveTextContent(`from ${formatAmount(cheapest).replace('\u00a0', ' ')} per 1K`), {
      timeout: 10_000,
    });
  });

  it('shows the user last signed in the loading state, no hero, while the session is restored', () => {
    renderApp(<LandingRoute />, { route: '/', auth: fakeAuth({ status: 'loading', user: customer }) });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('sends a signed-in user on to /order', async () => {
    renderApp(<LandingRoute />, { route: '/', auth: fakeAuth({ status: 'signed-in', user: customer }) });
    await waitFor(() => expect(currentPath()).toBe('/order'));
  });
});
