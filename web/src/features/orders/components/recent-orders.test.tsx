import type { Order } from '@shared/schemas';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecentOrdersTable } from './recent-orders';

const base: Order = {
  _id: '1001',
  number: 1001,
  user: { _id: 'u1', name: 'Ali', email: 'ali@example.com' },
  platform: 'tiktok',
  serviceId: 'svc-1',
  service: 'TikTok Views',
  link: 'https://www.tiktok.com/@ali/video/1',
  quantity: 1000,
  price: 150,
  status: 'processing',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('RecentOrdersTable', () => {
  it('shows how far an order in progress got and its start count, as the provider reported them', () => {
    render(<RecentOrdersTable orders={[{ ...base, progress: { startCount: 12500, remains: 400 } }]} />);
    expect(screen.getByText('600 delivered · start 12,500')).toBeTruthy();
  });

  it('shows no progress line for a manual order or a finished one', () => {
    render(
      <RecentOrdersTable
        orders={[
          { ...base, _id: '1', number: 1 },
          { ...base, _id: '2', number: 2, status: 'completed', progress: { startCount: 10, remains: 0 } },
        ]}
      />,
    );
    expect(screen.queryByText(/delivered/)).toBeNull();
    expect(screen.queryByText(/start/)).toBeNull();
  });
});
