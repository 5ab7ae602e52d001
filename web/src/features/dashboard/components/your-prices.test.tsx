import type { MyPricing } from '@shared/schemas/pricing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myPricingKey } from '@/features/dashboard/api/get-my-pricing';
import { YourPrices } from '@/features/dashboard/components/your-prices';
import { customer, mockApi, renderApp } from '@/testing/render';

const LADDER = [
  { id: 'b', name: 'Bronze', threshold: 0, percent: 0 },
  { id: 's', name: 'Silver', threshold: 25_000, percent: 3 },
  { id: 'g', name: 'Gold', threshold: 100_000, percent: 6 },
];

const pricingOf = (overrides: Partial<MyPricing> = {}): MyPricing => ({
  credited: 30_000,
  tier: { name: 'Silver', percent: 3 },
  next: { name: 'Gold', percent: 6, threshold: 100_000, remaining: 70_000 },
  percent: null,
  rates: 0,
  tiers: LADDER,
  ...overrides,
});

function renderCard(pricing: MyPricing) {
  const api = mockApi({ 'GET /api/pricing': { body: { pricing } } });
  return { ...renderApp(<YourPrices />, { route: '/dashboard' }), api };
}

describe('Your prices', () => {
  it('says the tier, its discount and what the next tier needs, and links to the prices', async () => {
    renderCard(pricingOf());
    expect(await screen.findByRole('heading', { name: 'Your prices' })).toBeInTheDocument();
    expect(screen.getByTestId('your-discount')).toHaveTextContent('Silver: 3% off list prices');
    expect(screen.getByTestId('next-tier')).toHaveTextContent('Rs 70,000 more in top-ups to reach Gold (6% off)');
    expect(screen.getByRole('link', { name: 'See your prices' })).toHaveAttribute('href', '/services');
  });

  it('says the percent set for the customer, which wins over any tier: no next tier to reach', async () => {
    renderCard(pricingOf({ percent: 12.5, rates: 2 }));
    expect(await screen.findByTestId('your-discount')).toHaveTextContent('Your own price: 12.5% off list prices');
    expect(screen.getByText('Rates set for you on 2 services')).toBeInTheDocument();
    expect(screen.queryByTestId('next-tier')).not.toBeInTheDocument();
  });

  it('at the top, or below the first tier, says so without a discount', async () => {
    const top = renderCard(pricingOf({ tier: { name: 'Gold', percent: 6 }, next: null, credited: 150_000 }));
    expect(await screen.findByTestId('your-discount')).toHaveTextContent('Gold: 6% off list prices');
    expect(screen.queryByTestId('next-tier')).not.toBeInTheDocument();
    top.unmount();
    renderCard(pricingOf({ tier: null, next: { name: 'Bronze', percent: 0, threshold: 1_000, remaining: 400.5 }, rates: 1 }));
    expect(await screen.findByTestId('your-discount')).toHaveTextContent('List prices, except:');
    expect(screen.getByText('A rate set for you on 1 service')).toBeInTheDocument();
    expect(screen.getByTestId('next-tier')).toHaveTextContent('Rs 400.50 more in top-ups to reach Bronze (0% off)');
  });

  it('says "list prices" for a tier without a discount', async () => {
    renderCard(
      pricingOf({ tier: { name: 'Bronze', percent: 0 }, next: { name: 'Silver', percent: 3, threshold: 25_000, remaining: 25_000 } }),
    );
    expect(await screen.findByTestId('your-discount')).toHaveTextContent('Bronze: list prices');
  });

  it('shows nothing on a panel without tiers for a customer with no price of their own, nor when the answer fails', async () => {
    const none = renderCard(pricingOf({ tier: null, next: null, tiers: [], credited: 0 }));
    await waitFor(() => expect(none.queryClient.getQueryState([...myPricingKey, customer.uid])?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Your prices' })).not.toBeInTheDocument();
    none.unmount();
    mockApi({ 'GET /api/pricing': { status: 500, body: { message: 'Something went wrong' } } });
    const failed = renderApp(<YourPrices />, { route: '/dashboard' });
    await waitFor(() => expect(failed.queryClient.getQueryState([...myPricingKey, customer.uid])?.status).toBe('error'));
    expect(screen.queryByRole('heading', { name: 'Your prices' })).not.toBeInTheDocument();
  });
});
