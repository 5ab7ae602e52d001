import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TermsRoute } from '@/app/routes/terms';
import { fakeAuth, mockApi, renderApp } from '@/testing/render';

describe('Terms', () => {
  it('shows the version in force: its headings, lists and paragraphs as text, never as HTML', async () => {
    mockApi({
      'GET /api/terms': {
        body: {
          terms: {
            version: 3,
            text: '## Refunds\nTo your <b>balance</b>.\n\n- Cancelled: in full\n- Partial: the rest\n## Refill\nWithin the window.',
            updatedAt: '2026-11-20T19:30:00.000Z',
          },
        },
      },
    });
    renderApp(<TermsRoute />, { route: '/terms', auth: fakeAuth({ status: 'signed-out', user: null }) });
    expect(await screen.findByText('Version 3, updated 21 Nov 2026, 00:30 PKT')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Refunds', 'Refill']);
    expect(screen.getByText('To your <b>balance</b>.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cancelled: in full', 'Partial: the rest']);
    expect(screen.getByText('Within the window.')).toBeInTheDocument();
  });
});
