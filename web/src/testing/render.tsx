// Renders a component the way the app does (query cache, toasts, router, session), with a fake
// session instead of Firebase, and a `Location` probe to assert on redirects.

import type { Settings } from '@shared/schemas/top-ups';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { expect, type Mock, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toasts';
import { AuthContext, type AuthContextValue, type SessionUser } from '@/lib/auth';

export const customer: SessionUser = { uid: 'u1', email: 'ali@example.com', name: 'Ali', role: 'user' };
/** An admin whose session passed the second factor, as the console needs. */
export const admin: SessionUser = { uid: 'a1', email: 'admin@example.com', name: 'Admin', role: 'admin', mfa: true };

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signed-in',
    user: customer,
    login: vi.fn(async () => customer),
    createAccount: vi.fn(async () => customer),
    logout: vi.fn(async () => {}),
    sendResetLink: vi.fn(async () => {}),
    completeSecondFactor: vi.fn(async () => admin),
    ...overrides,
  };
}

/** The router's path, for currentPath(). */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

export interface RenderOptions {
  auth?: AuthContextValue;
  /** The URL to start at. */
  route?: string;
  /** The route pattern the element is mounted at (default: the route's path). */
  path?: string;
  /** Extra routes, e.g. a guard's children. */
  routes?: ReactElement;
  queryClient?: QueryClient;
}

/** What the app wraps its screens in (query cache, session, toasts), with a test's session and cache. */
export function TestProviders({ auth, queryClient, children }: { auth: AuthContextValue; queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <ToastProvider>{children}</ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
}

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

export function renderApp(ui: ReactElement | null, options: RenderOptions = {}) {
  const route = options.route ?? '/';
  const queryClient = options.queryClient ?? testQueryClient();
  const auth = options.auth ?? fakeAuth();
  const user = userEvent.setup();
  const result = render(
    <TestProviders auth={auth} queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          {options.routes ?? <Route path={options.path ?? route.split('?')[0]} element={ui} />}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...result, user, auth, queryClient };
}

/**
 * Puts `text` in an empty field at once (a click, then a paste): for a value whose keystrokes the test is
 * not about. Typed key by key, each character re-renders the form (hundreds of ms for a long text).
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Closes the dialog named `name` with its ✕, and waits until no dialog is left. */
export async function closeDialog(user: UserEvent, name: string) {
  await user.click(within(screen.getByRole('dialog', { name })).getByRole('button', { name: 'Close dialog' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** The path the router is at (the last probe rendered). */
export function currentPath(): string {
  const probes = document.querySelectorAll('[data-testid="location"]');
  return probes[probes.length - 1]?.textContent ?? '';
}

/** The query string the router is at (the last probe rendered). */
export function currentSearch(): string {
  const probes = document.querySelectorAll('[data-testid="location"]');
  return probes[probes.length - 1]?.getAttribute('data-search') ?? '';
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Simulate a connection failure. */
  networkError?: boolean;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Stubs fetch for /api calls: `routes` maps "METHOD /api/path" (query ignored) to a response or a
 * function of the call. Unknown paths answer 404. Returns the recorded calls.
 */
export function mockApi(routes: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const entry = routes[`${method} ${url.pathname}`];
    const answer = typeof entry === 'function' ? entry(call) : (entry ?? { status: 404, body: { message: 'Not found' } });
    if (answer.networkError) throw new TypeError('Failed to fetch');
    // No body at all when none is given: a 204 may not have one.
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const SETTINGS: Settings = {
  minRecharge: 100,
  currency: 'Rs',
  wallets: [
    { provider: 'Easypaisa', accountNumber: '0300-0000001', accountName: 'Shohrat Demo' },
    { provider: 'JazzCash', accountNumber: '0300-0000002', accountName: 'Shohrat Demo' },
    { provider: 'SadaPay', accountNumber: '0300-0000003', accountName: 'Shohrat Demo' },
    { provider: 'NayaPay', accountNumber: '0300-0000004', accountName: 'Shohrat Demo' },
  ],
  supportChat: 'https://wa.me/920000000000',
};

/**
 * jsdom does not know <search> (the search forms' landmark), and React says so once per run; call in a
 * beforeEach: every other console.error still fails the test (tests/support/fail-on-console-error.ts).
 */
export function ignoreUnknownSearchElement() {
  const report = (console.error as unknown as Mock).getMockImplementation();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!/The tag <%s> is unrecognized in this browser/.test(String(args[0])) || args[1] !== 'search') report?.(...args);
  });
}
