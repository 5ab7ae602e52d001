import type { AdminPricing, PricedService, UserPricingBody } from '@shared/schemas/pricing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserPricing } from '@/features/admin/accounts/components/user-pricing';
import { numberedService } from '@/testing/catalogue';
import { admin, fakeAuth, type MockResponse, mockApi, type RecordedCall, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/users/u2', auth: fakeAuth({ user: admin }) };
const PRICING_PATH = '/api/admin/users/u2/pricing';
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === PRICING_PATH).map((c) => c.body);

const TIERS = [
  { id: 't1', name: 'Bronze', threshold: 0, percent: 0 },
  { id: 't2', name: 'Silver', threshold: 25_000, percent: 3 },
  { id: 't3', name: 'Gold', threshold: 100_000, percent: 6 },
];

const SERVICES = [
  numberedService(101),
  numberedService(102, { platform: 'instagram', category: 'Likes', name: 'Real likes', ratePer1000: 80 }),
];

const priced = (fields: Partial<PricedService>): PricedService => ({
  serviceId: 'svc-101',
  service: 'TikTok Views Views 101',
  listRatePer1000: 20,
  plannedRatePer1000: 15,
  ratePer1000: 15,
  clamped: false,
  ...fields,
});
/** The linked Instagram service: a fixed Rs 50 asked, the floor holds it at Rs 62.40. */
const heldUp = priced({
  serviceId: 'svc-102',
  service: 'Instagram Likes Real likes',
  listRatePer1000: 80,
  plannedRatePer1000: 50,
  ratePer1000: 62.4,
  clamped: true,
});

const PRICING: AdminPricing = {
  credited: 30_000,
  tier: { name: 'Silver', percent: 3 },
  earnedTier: 'Silver',
  setTier: null,
  percent: null,
  rates: [priced({}), heldUp],
  clamped: [heldUp],
};

/**
 * The server as far as this card sees it: GET answers the pricing held, PUT applies what it is sent (what is
 * left out stays, null clears) unless `refuse` answers instead.
 */
function mockPricing(start: AdminPricing = PRICING, refuse?: (body: UserPricingBody) => MockResponse | undefined) {
  let pricing = start;
  const apply = (body: UserPricingBody): AdminPricing => {
    const next = { ...pricing };
    if (body.tier !== undefined) {
      next.setTier = body.tier;
      const tier = TIERS.find((t) => t.name === (body.tier ?? next.earnedTier));
      next.tier = tier ? { name: tier.name, percent: tier.percent } : null;
    }
    if (body.percent !== undefined) next.percent = body.percent;
    if (body.rates === null) next.rates = [];
    else if (body.rates) {
      for (const [id, rate] of Object.entries(body.rates)) {
        const others = next.rates.filter((r) => r.serviceId !== id);
        const listed = SERVICES.find((s) => s._id === id);
        next.rates =
          rate === null
            ? others
            : [
                ...others,
                priced({
                  serviceId: id,
                  service: `${listed?.name}`,
                  listRatePer1000: listed?.ratePer1000 ?? 0,
                  plannedRatePer1000: rate,
                  ratePer1000: rate,
                }),
              ];
      }
    }
    return next;
  };
  return mockApi({
    [`GET ${PRICING_PATH}`]: () => ({ body: { pricing } }),
    [`PUT ${PRICING_PATH}`]: (call) => {
      const body = call.body as UserPricingBody;
      const refused = refuse?.(body);
      if (refused) return refused;
      pricing = apply(body);
      return { body: { message: 'Pricing updated', pricing } };
    },
    'GET /api/admin/tiers': { body: { tiers: TIERS } },
    'GET /api/admin/services': { body: { services: SERVICES, categories: { tiktok: ['Views'], instagram: ['Likes'], facebook: [] } } },
  });
}

const ratesTable = () => screen.getByRole('table', { name: 'Fixed rates' });
const rateRow = (name: string) => within(ratesTable()).getByText(name).closest('tr') as HTMLElement;

describe('UserPricing', () => {
  it('shows lifetime credits, the tier in force, the fixed rates and where the margin floor holds a price up', async () => {
    mockPricing();
    renderApp(<UserPricing uid="u2" />, asAdmin);
    expect(await screen.findByText('Rs 30,000')).toBeInTheDocument();
    expect(screen.getByText('Silver · 3% off')).toBeInTheDocument();
    expect(screen.getByText('Earned by top-ups')).toBeInTheDocument();

    const views = rateRow('TikTok Views Views 101');
    expect(within(views).getByText('Rs 20')).toBeInTheDocument();
    expect(within(views).getAllByText('Rs 15')).toHaveLength(2);
    expect(within(views).queryByText('held at cost + margin floor')).not.toBeInTheDocument();
    const likes = rateRow('Instagram Likes Real likes');
    expect(within(likes).getByText('Rs 62.40')).toBeInTheDocument();
    expect(within(likes).getByText('held at cost + margin floor')).toBeInTheDocument();

    const floor = screen.getByRole('region', { name: 'The margin floor holds these prices up:' });
    expect(within(floor).getByText('Instagram Likes Real likes: Rs 62.40 charged instead of Rs 50 (list Rs 80)')).toBeInTheDocument();
  });

  it('sets a tier by hand, then gives it back to the earned one', async () => {
    const { calls } = mockPricing();
    const { user } = renderApp(<UserPricing uid="u2" />, asAdmin);
    const select = await screen.findByLabelText('Tier');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('');
    expect(within(select).getByRole('option', { name: 'Gold · 6% off · from Rs\u00a0100,000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set tier' })).toBeDisabled();

    await user.selectOptions(select, 'Gold');
    await user.click(screen.getByRole('button', { name: 'Set tier' }));
    expect(await screen.findByText('✅ Pricing updated')).toBeInTheDocument();
    expect(await screen.findByText('Gold · 6% off')).toBeInTheDocument();
    expect(screen.getByText('Set by hand (earned: Silver)')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tier'), 'Earned (automatic): Silver');
    await user.click(screen.getByRole('button', { name: 'Set tier' }));
    expect(await screen.findByText('Silver · 3% off')).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ tier: 'Gold' }, { tier: null }]);
  });

  it('shows a tier refused as unknown under the select', async () => {
    mockPricing(PRICING, () => ({ status: 400, body: { message: 'No such tier', code: 'invalid_input', field: 'tier' } }));
    const { user } = renderApp(<UserPricing uid="u2" />, asAdmin);
    const select = await screen.findByLabelText('Tier');
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'Gold');
    await user.click(screen.getByRole('button', { name: 'Set tier' }));
    await waitFor(() => expect(screen.getByLabelText('Tier')).toHaveAccessibleDescription('No such tier'));
  });

  it('sets the customer’s own percent, refuses one over 50 before any call, and clears it', async () => {
    const { calls } = mockPricing();
    const { user } = renderApp(<UserPricing uid="u2" />, asAdmin);
    const percent = await screen.findByLabelText('Own percent off list prices (%)');
    expect(screen.queryByRole('button', { name: 'Clear percent' })).not.toBeInTheDocument();

    await user.type(percent, '55');
    await user.click(screen.getByRole('button', { name: 'Save percent' }));
    expect(percent).toHaveAccessibleDescription('Percent must be at most 50');
    expect(puts(calls)).toEqual([]);

    await user.clear(percent);
    await user.type(percent, '7.5');
    await user.click(screen.getByRole('button', { name: 'Save percent' }));
    expect(await screen.findByText('7.5% off list prices')).toBeInTheDocument();
    expect(screen.getByLabelText('Own percent off list prices (%)')).toHaveValue('7.5');

    await user.click(screen.getByRole('button', { name: 'Clear percent' }));
    await waitFor(() => expect(screen.getByLabelText('Own percent off list prices (%)')).toHaveValue(''));
    expect(puts(calls)).toEqual([{ percent: 7.5 }, { percent: null }]);
  });

  it('adds a fixed rate for a service picked from the catalogue, edits one and removes one, each sent alone', async () => {
    const { calls } = mockPricing({ ...PRICING, rates: [heldUp], clamped: [] });
    const { user } = renderApp(<UserPricing uid="u2" />, asAdmin);
    const picker = await screen.findByLabelText('Service');
    await waitFor(() => expect(picker).toBeEnabled());
    // A service with a fixed rate already is edited in the table, not added again.
    expect(within(picker).queryByRole('option', { name: '#102 Instagram Likes Real likes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(picker).toHaveAccessibleDescription('Choose a service');
    await user.selectOptions(picker, '#101 TikTok Views Views 101');
    expect(picker).toHaveAccessibleDescription('List rate Rs\u00a020 per 1,000');
    await user.type(screen.getByLabelText('Rate (Rs per 1,000)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(screen.getByLabelText('Rate (Rs per 1,000)')).toHaveAccessibleDescription(/decimals/);
    expect(puts(calls)).toEqual([]);

    await user.clear(screen.getByLabelText('Rate (Rs per 1,000)'));
    await user.type(screen.getByLabelText('Rate (Rs per 1,000)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText('✅ Pricing updated')).toBeInTheDocument();
    await waitFor(() => expect(within(ratesTable()).getByText('Views 101')).toBeInTheDocument());
    expect(screen.getByLabelText('Service')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Edit the rate of Instagram Likes Real likes' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit fixed rate' });
    const rate = within(dialog).getByLabelText('Fixed rate (Rs per 1,000)');
    expect(rate).toHaveValue('50');
    await user.clear(rate);
    await user.type(rate, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove the rate of Views 101' }));
    await waitFor(() => expect(within(ratesTable()).queryByText('Views 101')).not.toBeInTheDocument());
    expect(puts(calls)).toEqual([{ rates: { 'svc-101': 12.5 } }, { rates: { 'svc-102': 70 } }, { rates: { 'svc-101': null } }]);
  });

  it('shows a service deleted since the list loaded under the service picker', async () => {
    mockPricing({ ...PRICING, rates: [], clamped: [] }, () => ({
      status: 404,
      body: { message: 'Service not found: svc-201', code: 'service_not_found', field: 'rates' },
    }));
    const { user } = renderApp(<UserPricing uid="u2" />, asAdmin);
    const picker = await screen.findByLabelText('Service');
    await waitFor(() => expect(picker).toBeEnabled());
    await user.selectOptions(picker, '#101 TikTok Views Views 101');
    await user.type(screen.getByLabelText('Rate (Rs per 1,000)'), '10');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(screen.getByLabelText('Service')).toHaveAccessibleDescription('Service not found: svc-201'));
  });

  it('says so when the pricing cannot be loaded', async () => {
    mockApi({ [`GET ${PRICING_PATH}`]: { status: 500, body: { message: 'Server error', code: 'internal' } } });
    renderApp(<UserPricing uid="u2" />, asAdmin);
    expect(await screen.findByText('Could not load this customer’s pricing.')).toBeInTheDocument();
  });
});
