import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ServicesRoute } from '@/app/routes/services';
import { builtInCatalogue } from '@/testing/catalogue';
import { customer, fakeAuth, ignoreUnknownSearchElement, mockApi, renderApp } from '@/testing/render';
import { SearchProbe } from '@/testing/search-probe';

beforeEach(() => {
  ignoreUnknownSearchElement();
  mockApi({ 'GET /api/services': { body: builtInCatalogue } });
});

const visitor = fakeAuth({ status: 'signed-out', user: null });
const open = (query = '', auth = visitor) =>
  renderApp(
    <>
      <ServicesRoute />
      <SearchProbe />
    </>,
    { route: `/services${query}`, auth },
  );
const ids = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const igFollowers = builtInCatalogue.services.find((s) => s._id === 'ig-followers-real');

describe('Services', () => {
  it('lists every active service with its ID, rate, limits, refill, cancel and drip-feed, in the catalogue’s order', async () => {
    open();
    await screen.findByRole('table');
    expect(ids()).toHaveLength(builtInCatalogue.services.length);
    expect(screen.getByText(`${builtInCatalogue.services.length} services`)).toBeInTheDocument();
    const row = screen
      .getByRole('link', { name: `Order service ${igFollowers?.number}: ${igFollowers?.name}` })
      .closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      String(igFollowers?.number),
      `${igFollowers?.name}Instagram · Followers`,
      'Rs\u00a01,100',
      '10 / 100,000',
      '30 days',
      'New',
      'Yes',
      'No',
      'Order',
    ]);
  });

  it('searches by ID or words, filters by platform and category, and sorts by price, through the URL', async () => {
    const { user } = open();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search services'), String(igFollowers?.number));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(ids()).toEqual([String(igFollowers?.number)]));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.selectOptions(screen.getByLabelText('Platform'), 'TikTok');
    await user.selectOptions(screen.getByLabelText('Category'), 'Views');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Price: high to low');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?platform=tiktok&category=Views&sort=price-desc'));
    const views = builtInCatalogue.services.filter((s) => s.platform === 'tiktok' && s.category === 'Views');
    expect(ids()).toEqual([...views].sort((a, b) => b.ratePer1000 - a.ratePer1000).map((s) => String(s.number)));
    await user.type(screen.getByLabelText('Search services'), 'no such thing');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No service matches this search.')).toBeInTheDocument();
  });

  it('sends a visitor to sign up with the service kept, a customer straight to the order', async () => {
    const name = `Order service ${igFollowers?.number}: ${igFollowers?.name}`;
    const first = open();
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', '/register?service=ig-followers-real');
    first.unmount();
    open('', fakeAuth({ user: customer }));
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', '/order?service=ig-followers-real');
  });
});
