import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeadlineFigures } from '@/features/admin/reports/components/headline-figures';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

describe('HeadlineFigures', () => {
  it('shows what waits and today’s orders and revenue, the waiting ones linking to their sections', async () => {
    mockApi({
      'GET /api/admin/overview': {
        body: { pendingTopUps: 3, pendingOrders: 12, today: { day: '2026-01-01', orders: 40, revenue: 1234.5 } },
      },
    });
    renderApp(<HeadlineFigures />, { route: '/admin', auth: fakeAuth({ user: admin }) });
    expect(await screen.findByRole('link', { name: '3' })).toHaveAttribute('href', '/admin/top-ups');
    expect(screen.getByRole('link', { name: '12' })).toHaveAttribute('href', '/admin/orders?status=pending');
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Orders today')).toBe('40');
    expect(figure('Revenue today')).toBe('Rs\u00a01,234.50');
  });

  it('says so when the figures cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/overview': { status: 500, body: { message: 'Something went wrong, please try again', code: 'internal' } } });
    renderApp(<HeadlineFigures />, { route: '/admin', auth: fakeAuth({ user: admin }) });
    expect(await screen.findByText('Could not load the figures.')).toBeInTheDocument();
  });
});
