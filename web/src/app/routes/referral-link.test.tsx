// /r/{code}: a visitor's device remembers the code and opens sign-up; a signed-in customer goes to their dashboard.
import { REFERRAL_STORAGE_KEY } from '@shared/referrals';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferralLinkRoute } from '@/app/routes/referral-link';
import { paths } from '@/config/paths';
import { currentPath, fakeAuth, mockApi, renderApp, SETTINGS } from '@/testing/render';
import { renderAppRoutes } from '@/testing/render-routes';

const visitor = () => fakeAuth({ status: 'signed-out', user: null });
const stored = () => localStorage.getItem(REFERRAL_STORAGE_KEY);

function openLink(code: string, auth = visitor()) {
  return renderApp(null, {
    route: paths.referralLink.getHref(code),
    auth,
    routes: (
      <>
        <Route path={paths.referralLink.path} element={<ReferralLinkRoute />} />
        <Route path={paths.register.path} element={<h1>Register page</h1>} />
      </>
    ),
  });
}

afterEach(() => vi.restoreAllMocks());

describe('a referral link', () => {
  it('remembers the code, normalized, with the time it was opened, and opens sign-up in its place in the history', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_000);
    openLink(' abcd1234 ');
    expect(await screen.findByRole('heading', { name: 'Register page' })).toBeInTheDocument();
    expect(currentPath()).toBe('/register');
    expect(JSON.parse(stored() ?? 'null')).toEqual({ code: 'ABCD1234', at: 1_790_000_000_000 });
  });

  it('keeps nothing for what cannot be a code, and opens sign-up all the same', async () => {
    openLink('no!');
    expect(await screen.findByRole('heading', { name: 'Register page' })).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('opens sign-up when the device refuses to store anything', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    openLink('ABCD1234');
    expect(await screen.findByRole('heading', { name: 'Register page' })).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('takes a signed-in customer to their dashboard, keeping nothing', async () => {
    openLink('ABCD1234', fakeAuth());
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(stored()).toBeNull();
  });

  it('waits for the session of someone remembered before choosing', async () => {
    openLink('ABCD1234', fakeAuth({ status: 'loading' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(currentPath()).toBe('/r/ABCD1234');
    expect(stored()).toBeNull();
  });

  it('is in the route table, open to visitors: /r/{code} ends on the sign-up form', async () => {
    mockApi({
      'GET /api/settings': { body: SETTINGS },
      'GET /api/terms': { body: { terms: { version: 4, text: 'Terms', updatedAt: '2026-11-01T00:00:00.000Z' } } },
    });
    renderAppRoutes('/r/WXYZ9876', visitor());
    expect(await screen.findByRole('heading', { name: 'Create your account' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/register');
    expect(JSON.parse(stored() ?? 'null')).toMatchObject({ code: 'WXYZ9876' });
    expect(screen.getByTestId('referral-note')).toHaveTextContent('You were invited: code WXYZ9876');
  }, 20_000);
});
