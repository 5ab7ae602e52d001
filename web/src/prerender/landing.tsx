// The landing page as the app's first render paints it for a visitor (no session yet: status `loading`, no
// user), rendered to HTML at build time (vite.config.ts writes it into the page Hosting serves for `/`), so a
// phone paints the hero before any script has run. The app replaces it with the same render when it starts
// (createRoot); the cards' prices come from the live catalogue after, as they always do.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { LandingRoute } from '@/app/routes/landing';
import { RootLayout } from '@/components/layout/root-layout';
import { ToastProvider } from '@/components/ui/toasts';
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

export function renderLanding(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={VISITOR}>
        <ToastProvider>
          <StaticRouter location="/">
            <Routes>
              <Route element={<RootLayout />}>
                <Route path="/" element={<LandingRoute />} />
              </Route>
            </Routes>
          </StaticRouter>
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
