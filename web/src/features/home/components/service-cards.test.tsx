import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceCards } from '@/features/home/components/service-cards';
import { builtInCatalogue } from '@/testing/catalogue';
import { fakeAuth, renderApp } from '@/testing/render';

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('ServiceCards', () => {
  it('prices each card from the catalogue it is given (the live one), not the built-in one', () => {
    const live = builtInCatalogue.services
      .filter((s) => s._id !== 'tt-reactions-mixed')
      .map((s) => (s._id === 'tt-followers-real' ? { ...s, ratePer1000: 850.5 } : s));
    renderApp(<ServiceCards services={live} />);
    expect(within(card('TikTok Followers')).getByText('Rs 850.50')).toBeInTheDocument();
    expect(within(card('TikTok Views')).getByText('Rs 20')).toBeInTheDocument();
    // Facebook's reactions still have services; a card whose category has none shows no price.
    renderApp(<ServiceCards services={live.filter((s) => !(s.platform === 'tiktok' && s.category === 'Likes'))} />);
    expect(
      within(screen.getAllByRole('heading', { name: 'TikTok Likes' })[1]?.closest('li') as HTMLElement).queryByText(/^from/),
    ).toBeNull();
  });

  it('shows no price while the live catalogue loads (no built-in price stands in)', () => {
    renderApp(<ServiceCards services={undefined} />);
    expect(within(card('TikTok Followers')).queryByText(/^from/)).toBeNull();
    expect(screen.queryByText(/Rs \d/)).toBeNull();
    expect(within(card('TikTok Followers')).getByRole('link', { name: 'Order Now: TikTok Followers' })).toBeInTheDocument();
  });

  it('sends a visitor to sign up with the card’s choice kept, a customer straight to the order page', () => {
    const link = () => within(card('TikTok Followers')).getByRole('link', { name: 'Order Now: TikTok Followers' });
    const visitor = renderApp(<ServiceCards services={builtInCatalogue.services} />, {
      auth: fakeAuth({ status: 'signed-out', user: null }),
    });
    expect(link()).toHaveAttribute('href', '/register?platform=tiktok&category=Followers');
    visitor.unmount();
    renderApp(<ServiceCards services={builtInCatalogue.services} />);
    expect(link()).toHaveAttribute('href', '/order?platform=tiktok&category=Followers');
  });
});
