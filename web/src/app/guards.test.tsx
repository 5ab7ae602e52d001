import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequireAdmin, RequireAuth } from '@/app/guards';
import { LoginForm } from '@/features/auth/components/login-form';
import { admin, currentPath, currentSearch, customer, fakeAuth, renderApp } from '@/testing/render';

const userRoutes = (
  <Route element={<RequireAuth />}>
    <Route path="/dashboard" element={<p>Dashboard content</p>} />
  </Route>
);
const adminRoutes = (
  <Route element={<RequireAdmin />}>
    <Route path="/admin" element={<p>Admin content</p>} />
  </Route>
);

describe('RequireAuth', () => {
  it("shows 'Loading...' while the session resolves", () => {
    renderApp(null, { route: '/dashboard', routes: userRoutes, auth: fakeAuth({ status: 'loading', user: null }) });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Dashboard content')).not.toBeInTheDocument();
  });

  it("paints the screen's heading and subtitle above 'Loading...' while the session of the user last signed in resolves", () => {
    const routes = (
      <Route element={<RequireAuth />}>
        <Route path="/order" element={<p>Order content</p>} />
      </Route>
    );
    renderApp(null, { route: '/order', routes, auth: fakeAuth({ status: 'loading', user: customer }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Order Services' })).toBeInTheDocument();
    expect(screen.getByText('Pick a platform and a service, paste your link and choose a quantity.')).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Order content')).not.toBeInTheDocument();
  });

  it('sends nobody-signed-in to /login', () => {
    renderApp(null, { route: '/dashboard', routes: userRoutes, auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(currentPath()).toBe('/login');
  });

  it('keeps the service an order link names through the sign-in (/order?service= from /services)', () => {
    const routes = (
      <Route element={<RequireAuth />}>
        <Route path="/order" element={<p>Order content</p>} />
      </Route>
    );
    renderApp(null, { route: '/order?service=tt-followers-real', routes, auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(currentPath()).toBe('/login');
    expect(currentSearch()).toBe('?service=tt-followers-real');
  });

  it("says 'You are not logged in. Please login first.' on the login page it sends nobody-signed-in to", () => {
    const routes = (
      <>
        {userRoutes}
        <Route path="/login" element={<LoginForm supportChat={undefined} />} />
      </>
    );
    renderApp(null, { route: '/dashboard', routes, auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('You are not logged in. Please login first.');
  });

  it('lets a signed-in user through', () => {
    renderApp(null, { route: '/dashboard', routes: userRoutes, auth: fakeAuth({ status: 'signed-in', user: customer }) });
    expect(screen.getByText('Dashboard content')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it("shows 'Loading...' while the session resolves", () => {
    renderApp(null, { route: '/admin', routes: adminRoutes, auth: fakeAuth({ status: 'loading', user: null }) });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('tells a signed-in customer the page is for admins, with the way to their dashboard', () => {
    renderApp(null, { route: '/admin', routes: adminRoutes, auth: fakeAuth({ status: 'signed-in', user: customer }) });
    expect(currentPath()).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'This page is for admins' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Admin content')).not.toBeInTheDocument();
  });

  it('sends nobody-signed-in to /login', () => {
    renderApp(null, { route: '/admin', routes: adminRoutes, auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(currentPath()).toBe('/login');
  });

  it('lets an admin through', () => {
    renderApp(null, { route: '/admin', routes: adminRoutes, auth: fakeAuth({ status: 'signed-in', user: admin }) });
    expect(screen.getByText('Admin content')).toBeInTheDocument();
  });

  it("disables an admin screen's controls offline, with the reason", () => {
    onlineManager.setOnline(false);
    const routes = (
      <Route element={<RequireAdmin />}>
        <Route
          path="/admin"
          element={
            <button type="button" onClick={() => {}}>
              Approve
            </button>
          }
        />
      </Route>
    );
    renderApp(null, { route: '/admin', routes, auth: fakeAuth({ status: 'signed-in', user: admin }) });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByText('You are offline. Admin actions are disabled until the connection is back.')).toBeInTheDocument();
  });
});
