import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiAccessRoute } from '@/app/routes/api-access';
import { ApiAccess } from '@/features/api-keys/components/api-access';
import { aProfile } from '@/testing/fixtures';
import { mockApi, renderApp } from '@/testing/render';

/** The key's line: "key ending c0de", in words, not a lone ellipsis. */
const keyEnding = (last4: string) => (_: string, el: Element | null) => el?.tagName === 'DD' && el.textContent === `key ending ${last4}`;

const profile = aProfile({ balance: 1234.5 });
const OLD_KEY_INFO = { exists: true, createdAt: '2026-02-03T10:00:00.000Z', last4: 'c0de' };
const NEW_KEY = '0123456789abcdef0123456789abcdef01234567';
/** 2026-03-04 14:05 in Pakistan. */
const USED_AT = '2026-03-04T09:05:00.000Z';

interface NamedKey {
  id: string;
  name: string;
  default: false;
  last4: string;
  createdAt: string;
  lastUsedAt: string | null;
}
const aNamedKey = (id: string, name: string, lastUsedAt: string | null = null): NamedKey => ({
  id,
  name,
  default: false,
  last4: `${id}`.padStart(4, '0').slice(-4),
  createdAt: '2026-02-10T05:00:00.000Z',
  lastUsedAt,
});

/** The API page's endpoints, with the key store kept in `state` so GET follows POST and DELETE. */
function stubKeyApi(initial: { exists: boolean; createdAt?: string; last4?: string }, namedKeys: NamedKey[] = []) {
  let info = initial;
  let named = [...namedKeys];
  const list = () => ({
    keys: [
      ...(info.exists
        ? [{ id: 'default', name: 'Default', default: true, last4: info.last4, createdAt: info.createdAt, lastUsedAt: USED_AT }]
        : []),
      ...named,
    ],
    limit: 3,
  });
  const api = mockApi({
    'GET /api/api-keys': () => ({ body: list() }),
    'POST /api/api-keys': (request) => {
      const name = String((request.body as { name: string }).name).trim();
      if (named.length >= 3)
        return { status: 409, body: { code: 'api_key_limit', message: 'You have 3 named API keys: revoke one to make another' } };
      if (named.some((key) => key.name.toLowerCase() === name.toLowerCase()))
        return { status: 409, body: { code: 'conflict', field: 'name', message: 'You already have a key with this name' } };
      const apiKey: NamedKey = {
        id: `id${named.length}`,
        name,
        default: false,
        last4: NEW_KEY.slice(-4),
        createdAt: '2026-03-01T09:30:00.000Z',
        lastUsedAt: null,
      };
      named = [...named, apiKey];
      return { status: 201, body: { key: NEW_KEY, apiKey } };
    },
    ...Object.fromEntries(
      ['a1', 'b2', 'id1', 'id2'].map((id) => [
        `DELETE /api/api-keys/${id}`,
        () => {
          named = named.filter((key) => key.id !== id);
          return { body: { message: 'API key revoked' } };
        },
      ]),
    ),
    'GET /api/user/profile': { body: { user: profile } },
    'GET /api/api-key': () => ({ body: info }),
    'POST /api/api-key': () => {
      info = { exists: true, createdAt: '2026-03-01T09:30:00.000Z', last4: NEW_KEY.slice(-4) };
      return { status: 201, body: { key: NEW_KEY } };
    },
    'DELETE /api/api-key': () => {
      info = { exists: false };
      return { body: { message: 'API key revoked' } };
    },
  });
  return { ...api, posts: () => api.calls.filter((c) => c.method === 'POST' && c.path === '/api/api-key') };
}

/** Everything the page's query cache holds, as text. */
const cachedData = (queryClient: QueryClient) =>
  JSON.stringify(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
  );

function renderPage() {
  return renderApp(<ApiAccess />, { route: '/api-access' });
}

describe('API page', () => {
  it('shows the endpoint, the balance, and that no key exists yet', async () => {
    stubKeyApi({ exists: false });
    renderPage();
    expect(await screen.findByText('You have no API key yet. Create one to connect your site or script.')).toBeInTheDocument();
    expect(screen.getByTestId('api-endpoint')).toHaveTextContent(`${window.location.origin}/api/v2`);
    expect(await screen.findByTestId('api-balance')).toHaveTextContent('Rs 1,234.50');
    expect(screen.getByRole('link', { name: 'Read the API documentation' })).toHaveAttribute('href', '/api-docs');
    expect(screen.queryByRole('button', { name: 'Revoke key' })).not.toBeInTheDocument();
  });

  it('creates a key and shows it once, with a copy button and a warning', async () => {
    const { posts } = stubKeyApi({ exists: false });
    const { user, queryClient } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));

    const shown = await screen.findByRole('region', { name: 'Your new API key' });
    expect(within(shown).getByTestId('new-api-key')).toHaveTextContent(NEW_KEY);
    expect(shown).toHaveFocus();
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(await screen.findByText('✅ New API key created. Copy it now.')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);

    await user.click(within(shown).getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(within(shown).getByRole('button', { name: 'API key copied' })).toBeInTheDocument();

    // The status now says a key exists and how it ends; the key itself is in no query cache.
    expect(await screen.findByText(keyEnding(NEW_KEY.slice(-4)))).toBeInTheDocument();
    expect(cachedData(queryClient)).not.toContain(NEW_KEY);

    await user.click(within(shown).getByRole('button', { name: 'I have saved my key' }));
    expect(screen.queryByRole('region', { name: 'Your new API key' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(NEW_KEY);
    expect(screen.getByRole('button', { name: 'Replace key' })).toBeInTheDocument();
  });

  it('asks before replacing a key, because the old one stops working at once', async () => {
    const { posts } = stubKeyApi(OLD_KEY_INFO);
    const { user } = renderPage();
    expect(await screen.findByText(keyEnding('c0de'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Replace key' }));
    let dialog = screen.getByRole('dialog', { name: 'Replace your API key?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Replace key' }));
    dialog = screen.getByRole('dialog', { name: 'Replace your API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(NEW_KEY);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(await screen.findByText(keyEnding(NEW_KEY.slice(-4)))).toBeInTheDocument();
  });

  it('revokes the key after a confirmation', async () => {
    const { calls } = stubKeyApi(OLD_KEY_INFO);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke key' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke your API key?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('✅ API key revoked')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/api/api-key')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Create API key' })).toBeInTheDocument();
    expect(screen.queryByText(keyEnding('c0de'))).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the key cannot be created', async () => {
    mockApi({
      'GET /api/user/profile': { body: { user: profile } },
      'GET /api/api-key': { body: { exists: false } },
      'POST /api/api-key': { networkError: true },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText('❌ Could not reach the server, try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
  });

  it('disables the key actions offline, with the reason', async () => {
    stubKeyApi(OLD_KEY_INFO);
    renderApp(<ApiAccessRoute />, { route: '/api-access' });
    const replace = await screen.findByRole('button', { name: /replace key/i });
    expect(replace).toBeEnabled();
    onlineManager.setOnline(false);
    await waitFor(() => expect(replace).toBeDisabled());
    expect(screen.getByRole('button', { name: /revoke key/i })).toBeDisabled();
    expect(screen.getByText(/API keys can be created, replaced or revoked once you are back online/)).toBeInTheDocument();
  });
  it('lists the named keys with when each was made and last used, and the default key’s last use', async () => {
    stubKeyApi(OLD_KEY_INFO, [aNamedKey('a1', 'ويب سائٹ My shop', USED_AT), aNamedKey('b2', 'Telegram bot')]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Named API keys' });
    const rows = within(list).getAllByTestId('named-key');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ويب سائٹ My shopkey ending 00a1Created 10 Feb 2026, 10:00 PKTLast used 4 Mar 2026, 14:05 PKTRevoke',
      'Telegram botkey ending 00b2Created 10 Feb 2026, 10:00 PKTNot used yetRevoke',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('ويب سائٹ My shop')).toHaveAttribute('dir', 'auto');
    expect(await screen.findByTestId('api-key-last-use')).toHaveTextContent('Last used 4 Mar 2026, 14:05 PKT');
  });

  it('makes a named key, shows it once, and shows the server’s refusals under the name', async () => {
    const { calls } = stubKeyApi(OLD_KEY_INFO, [aNamedKey('a1', 'Shop')]);
    const { user, queryClient } = renderPage();
    const name = await screen.findByLabelText('Name of the site or script');
    await user.click(screen.getByRole('button', { name: 'Create named key' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(name, 'SHOP');
    await user.click(screen.getByRole('button', { name: 'Create named key' }));
    expect(await screen.findByText('You already have a key with this name')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, '  Reseller site ');
    await user.click(screen.getByRole('button', { name: 'Create named key' }));
    const shown = await screen.findByRole('region', { name: 'Your new API key' });
    expect(within(shown).getByTestId('new-api-key')).toHaveTextContent(NEW_KEY);
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'Reseller site' });
    expect(await screen.findAllByTestId('named-key')).toHaveLength(2);
    expect(name).toHaveValue('');
    expect(cachedData(queryClient)).not.toContain(NEW_KEY);

    // The third fills the account: the form gives way to the reason.
    await user.type(name, 'Third');
    await user.click(screen.getByRole('button', { name: 'Create named key' }));
    expect(await screen.findByTestId('named-keys-full')).toHaveTextContent('You have 3 named keys: revoke one to make another.');
    expect(screen.queryByLabelText('Name of the site or script')).not.toBeInTheDocument();
  });

  it('revokes one named key after a confirmation naming it, leaving the others', async () => {
    const { calls } = stubKeyApi(OLD_KEY_INFO, [aNamedKey('a1', 'Shop'), aNamedKey('b2', 'Bot')]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke the key Bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this key?' });
    expect(dialog).toHaveTextContent('Bot stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('✅ API key revoked')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/api-keys/b2']);
    await waitFor(() => expect(screen.getAllByTestId('named-key').map((row) => row.textContent?.slice(0, 4))).toEqual(['Shop']));
    expect(screen.getByText(keyEnding('c0de'))).toBeInTheDocument();
  });
});
