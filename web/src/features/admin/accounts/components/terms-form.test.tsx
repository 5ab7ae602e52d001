import type { Terms } from '@shared/terms';
import { focusManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TermsForm } from '@/features/admin/accounts/components/terms-form';
import { admin, fakeAuth, mockApi, renderApp } from '@/testing/render';

const asAdmin = { route: '/admin/settings', auth: fakeAuth({ user: admin }) };
const V1: Terms = { version: 1, text: '## Refunds\nTo your balance.', updatedAt: null };

describe('TermsForm', () => {
  it('saves the text as the next version from the one in force', async () => {
    const { calls } = mockApi({
      'GET /api/terms': { body: { terms: V1 } },
      'PUT /api/admin/terms': (call) => ({
        body: { terms: { version: 2, text: (call.body as { text: string }).text, updatedAt: '2026-11-20T10:00:00.000Z' } },
      }),
    });
    const { user } = renderApp(<TermsForm />, asAdmin);
    expect(await screen.findByText(/Version 1 \(built in\)/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Terms text'), '\n- Never paid out.');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('✅ Terms saved as version 2')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      text: '## Refunds\nTo your balance.\n- Never paid out.',
      baseVersion: 1,
    });
    expect(await screen.findByText(/Version 2, saved/)).toBeInTheDocument();
  });

  it('keeps the draft and says why when another admin saved a version meanwhile', async () => {
    const message = 'The terms changed since you opened them (now version 2): reload to see them';
    mockApi({
      'GET /api/terms': { body: { terms: V1 } },
      'PUT /api/admin/terms': { status: 409, body: { code: 'terms_outdated', field: 'text', message } },
    });
    const { user } = renderApp(<TermsForm />, asAdmin);
    await user.type(await screen.findByLabelText('Terms text'), ' Mine.');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Terms text')).toHaveValue('## Refunds\nTo your balance. Mine.');
  });

  it('keeps a changed draft when another admin’s version arrives, and loads that version only when asked', async () => {
    let served: Terms = V1;
    mockApi({ 'GET /api/terms': () => ({ body: { terms: served } }) });
    const { user } = renderApp(<TermsForm />, asAdmin);
    await user.type(await screen.findByLabelText('Terms text'), ' Mine.');
    served = { version: 2, text: '## Refunds\nTheirs.', updatedAt: '2026-11-20T10:00:00.000Z' };
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await user.click(await screen.findByRole('button', { name: 'Load it (your changes are dropped)' }));
    expect(screen.getByLabelText('Terms text')).toHaveValue('## Refunds\nTheirs.');
    expect(screen.getByText(/Version 2, saved/)).toBeInTheDocument();
  });
});
