import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScreenLoading } from '@/app/screen-loading';
import { customer, fakeAuth, renderApp } from '@/testing/render';

// What paints with the app's first render, before the screen's code and the session: the page's largest paint waits for neither.
describe('ScreenLoading', () => {
  it('paints no hero at the landing page: that page is in the first render and needs no loading state', () => {
    renderApp(<ScreenLoading />, { route: '/', auth: fakeAuth({ status: 'loading', user: null }) });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("paints the order page's frame for the user last signed in, and no frame for a visitor", () => {
    const { unmount } = renderApp(<ScreenLoading />, { route: '/order', auth: fakeAuth({ status: 'loading', user: customer }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Order Services' })).toBeInTheDocument();
    unmount();
    renderApp(<ScreenLoading />, { route: '/order', auth: fakeAuth({ status: 'loading', user: null }) });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("paints My Orders' frame with its Place Order link, where the screen has them", () => {
    renderApp(<ScreenLoading />, { route: '/orders', auth: fakeAuth({ status: 'loading', user: customer }) });
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByText(/^Every order you placed, newest first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Place Order' })).toHaveAttribute('href', '/order');
  });
});
