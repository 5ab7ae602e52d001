// The pages a visitor lands on, rendered to HTML before any script of theirs runs (issue 31): the landing page at
// build time (vite.config.ts writes it into index.html) and /services on each request (the function imports this
// module's server build, web/dist-ssr/pages.js, which functions/build.mjs copies beside it). Each is the app's own
// render for a visitor (no session yet: status `loading`, no user) at that location, through the app's own routes,
// so the app, when it starts, hydrates it as it stands (main.tsx): nothing on screen moves or is drawn again.
import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import { ToastProvider } from '@/components/ui/toasts';
import { servicesAnswer, servicesQuery, toCatalogue, VISITOR_VIEWER } from '@/features/orders/api/get-services';
import { AuthContext, type AuthContextValue } from '@/lib/auth';

const unavailable = () => Promise.reject(new Error('Not signed in while prerendering'));
const VISITOR: AuthContextValue = {
  status: 'loading',
  user: null,
  login: unavailable,
  createAccount: unavailable,
  logout: unavailable,
  sendResetLink: unavailable,
  completeSecondFactor: unavailable,
};

/** The app's providers as a visitor's first render has them, without the browser's parts (Firebase, cache updates). */
function VisitorFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={VISITOR}>
        <ToastProvider>{children}</ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * Where the app has its UpdatePrompt (app/app.tsx: the router, then it), nothing: the same tree, so the ids React's
 * useId gives (a form field's label and input) are the ones the app's hydration gives.
 */
function NoUpdatePrompt() {
  return null;
}

/** The app's render at `location` (path and query) once every screen's code is there, as HTML; throws on any error. */
async function renderAt(location: string, client: QueryClient): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <VisitorFrame client={client}>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
      <NoUpdatePrompt />
    </VisitorFrame>,
    // Every boundary inline, in order: no script of React's own to reveal parts later (the page's CSP refuses
    // inline scripts, and there is no later: the render is complete).
    // An error below a Suspense boundary (a screen that throws, a chunk that fails to load) would otherwise render
    // its fallback, a page stuck on "Loading...": the caller serves the app's page as it is instead.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  if (errors.length > 0) throw errors[0];
  return Buffer.concat(parts).toString('utf8');
}

/** A query client that never asks the network: what a page shows comes with it. */
const offlineClient = () => new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });

export function renderLanding(): Promise<string> {
  return renderAt('/', offlineClient());
}

export interface RenderedPage {
  /** What goes into the page's root. */
  html: string;
  /** The answers it was rendered from, for the app's query cache (TanStack Query's `hydrate`). */
  state: DehydratedState;
}

/**
 * /services at `location` (its path and query, `?q=` included) with the catalogue as GET /api/services answers it
 * (read at `readAt`, ms), read as the app reads that answer.
 */
export async function renderServices(location: string, answer: unknown, readAt: number): Promise<RenderedPage> {
  const client = offlineClient();
  // A visitor's catalogue (the list prices): someone signed in never hydrates this page (main.tsx), and their own
  // prices are another entry. As old as the answer is (`readAt`): the page's bytes, and its ETag, stay the same while
  // the answer does.
  client.setQueryData(servicesQuery(VISITOR_VIEWER).queryKey, toCatalogue(servicesAnswer.parse(answer)), { updatedAt: readAt });
  const html = await renderAt(location, client);
  return { html, state: dehydrate(client) };
}
