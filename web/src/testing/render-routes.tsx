// Renders the app's real route table (router.tsx) at a URL, inside the providers the tests use: for the
// tests of routing itself (guards, lazy screens, navigation). Apart from render.tsx so that the tests of
// one screen do not load the whole table.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import type { AuthContextValue } from '@/lib/auth';
import { LocationProbe, TestProviders, testQueryClient } from '@/testing/render';

export function renderAppRoutes(route: string, auth: AuthContextValue) {
  return render(
    <TestProviders auth={auth} queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
}
