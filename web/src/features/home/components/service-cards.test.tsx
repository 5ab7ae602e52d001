import { formatNumber } from '@shared/numbers';
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

  it('strikes the starting list price through beside a customer’s own starting price, where they differ', () => {
    // A customer's discount (issue 34): each service's own price, and the list's where it differs.
    const discounted = builtInCatalogue.services.map((s) =>
      s.platform === 'tiktok' && s.category === 'Followers' ? { ...s, ratePer1000: s.ratePer1000 - 50, listRatePer1000: s.ratePer1000 } : s,
    );
    const cheapest = Math.min(
      ...builtInCatalogue.services.filter((s) => s.platform === 'tiktok' && s.category === 'Followers').map((s) => s.ratePer1000),
    );
    renderApp(<ServiceCards services={discounted} />);
    expect(within(card('TikTok Followers')).getByText(/^from/)).toHaveTextContent(
      `from Rs ${formatNumber(cheapest - 50)} list price Rs ${formatNumber(cheapest)} per 1K`,
    );
    expect(card('TikTok Followers').querySelector('s')).toHaveTextContent(`list price Rs ${formatNumber(cheapest)}`);
    expect(card('TikTok Views').querySelector('s')).toBeNull();
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
