import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewTicketRoute } from '@/app/routes/new-ticket';
import { paths } from '@/config/paths';
import { anOrder } from '@/testing/fixtures';
import { mockApi, renderApp } from '@/testing/render';

const order = anOrder;

function openAt(route: string) {
  mockApi({
    'GET /api/order/my-orders': {
      body: {
        orders: [order(1003, { service: 'TikTok Likes' }), order(1002, { dripRun: { parent: 1001, run: 1, runs: 2 } }), order(1001)],
        nextCursor: null,
      },
    },
  });
  return renderApp(<NewTicketRoute />, { route, path: paths.newTicket.path });
}

describe('/tickets/new', () => {
  it('opened from Get help: kind Order and that order ticked among the recent purchases', async () => {
    openAt(paths.newTicket.getHref({ order: 1001 }));
    expect(await screen.findByRole('checkbox', { name: /#1003.*TikTok Likes/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /#1001/ })).toBeChecked();
    // A drip-feed's run is asked about through its drip-feed: not offered on its own.
    expect(screen.queryByRole('checkbox', { name: /#1002/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('What is it about?')).toHaveValue('Order');
  });

  it('offers an older order Get help came from too, and nothing is preset without one', async () => {
    const { unmount } = openAt(paths.newTicket.getHref({ order: 900 }));
    expect(await screen.findByRole('checkbox', { name: /#1003/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '#900' })).toBeChecked();
    unmount();
    openAt(paths.newTicket.getHref());
    expect(await screen.findByRole('checkbox', { name: /#1003/ })).not.toBeChecked();
    expect(screen.getByLabelText('What is it about?')).toHaveValue('');
  });
});
