import { API_V2_ERRORS } from '@shared/api-v2';
import { COMMENT_LIMITS } from '@shared/comments';
import { DRIP_FEED_LIMITS, DRIP_FEED_MESSAGES } from '@shared/drip-feed';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiDocs } from '@/features/api-docs/components/api-docs';
import {
  API_EXAMPLES,
  codeSamples,
  endpointUrl,
  formLines,
  KEY_PLACEHOLDER,
  REQUEST_SHAPES,
  shapeCommand,
} from '@/features/api-docs/examples';
import { renderApp } from '@/testing/render';

describe('API documentation page', () => {
  it('tells how to order a Custom Comments service, with the bound the server checks', () => {
    renderApp(<ApiDocs />, { route: '/api-docs' });
    expect(screen.getByRole('region', { name: 'Place an order' }).textContent).toContain('A service of type Custom Comments');
    const comments = screen.getByRole('region', { name: 'Place a Custom Comments order' });
    expect(comments.textContent).toContain(`At most ${COMMENT_LIMITS.lineLength} characters a comment`);
    expect(comments.textContent).toContain('comments=Great post!\nZabardast 👍\nWhere can I buy this?');
    expect(screen.getByRole('region', { name: 'Service list' }).textContent).toContain('or Custom Comments');
  });

  it('tells how to place and follow a drip-feed, with the shared limits and its error', () => {
    renderApp(<ApiDocs />, { route: '/api-docs' });
    const add = screen.getByRole('region', { name: 'Place a drip-feed order' });
    expect(add.textContent).toContain(`How many runs: ${DRIP_FEED_LIMITS.runs.min} to ${DRIP_FEED_LIMITS.runs.max}.`);
    expect(add.textContent).toContain(JSON.stringify({ error: DRIP_FEED_MESSAGES.unavailable }));
    expect(add.textContent).toContain('runs=5\ninterval=1440');
    const status = screen.getByRole('region', { name: 'Status of a drip-feed' });
    expect(status.textContent).toContain('"runs_done": "1"');
    expect(screen.getByRole('region', { name: 'Service list' }).textContent).toContain('"dripfeed": true');
  });

  it('documents every action with its request and answer, linked from the contents', () => {
    renderApp(<ApiDocs />, { route: '/api-docs' });
    expect(screen.getByTestId('docs-endpoint')).toHaveTextContent(`${window.location.origin}/api/v2`);
    expect(screen.getByTestId('docs-rate-limit')).toHaveTextContent(
      'Per account (all its keys together), 1200 requests a minute for status, balance, services and refill_status (bursts included), and 150 a minute for add, cancel and refill; a new key does not start a new count; at most 100 numbers in one list.' +
        'Requests with a missing or wrong key: 30 requests a minute and 300 an hour per address (a valid key from the same address is not affected).' +
        'A drip-feed has 2 to 100 runs, 1 to 1,440 minutes apart; a Custom Comments order at most 1,000 comments of 300 characters, 20,000 characters in all.',
    );
    const contents = within(screen.getByRole('navigation', { name: 'API actions' }));
    for (const example of API_EXAMPLES) {
      const section = screen.getByRole('region', { name: example.title });
      expect(section).toHaveAttribute('id', `action-${example.id}`);
      expect(contents.getByRole('link', { name: example.title })).toHaveAttribute('href', `#action-${example.id}`);
      expect(section.textContent).toContain(JSON.stringify(example.answer, null, 2));
      expect(section.textContent).toContain(formLines(example.request));
    }
    expect(screen.getAllByText(JSON.stringify({ error: API_V2_ERRORS.invalidKey })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'API page' })).toHaveAttribute('href', '/api-access');
  });

  it('shows a request in each of the four shapes the API reads: form, JSON, multipart, GET', () => {
    renderApp(<ApiDocs />, { route: '/api-docs' });
    expect(screen.getByRole('link', { name: 'the four ways' })).toHaveAttribute('href', '#request-shapes');
    expect(screen.getByText(/Prefer a POST: a/).textContent).toContain('must have the same value there, or the request is refused');
    const endpoint = endpointUrl(window.location.origin);
    expect(REQUEST_SHAPES.map((s) => s.shape)).toEqual(['form', 'json', 'multipart', 'get']);
    for (const { shape } of REQUEST_SHAPES) {
      expect(screen.getByTestId(`request-shape-${shape}`).textContent).toContain(
        shapeCommand(shape, endpoint, KEY_PLACEHOLDER, { action: 'balance' }),
      );
    }
    expect(shapeCommand('multipart', endpoint, KEY_PLACEHOLDER, { action: 'balance' })).toContain('--form-string key=YOUR_API_KEY');
    expect(shapeCommand('get', endpoint, KEY_PLACEHOLDER, { action: 'balance' })).toMatch(/^curl -s -G /);
  });

  it('shows the code samples as tabs that arrow keys move between, each with a copy button', async () => {
    const { user } = renderApp(<ApiDocs />, { route: '/api-docs' });
    const samples = codeSamples({ endpoint: endpointUrl(window.location.origin) });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['curl', 'PHP', 'Node.js']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(samples[0]?.code.split('\n')[0] ?? '');

    await user.click(tabs[0] as HTMLElement);
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'PHP' });
    expect(panel.textContent).toContain('<?php');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Node.js' }).textContent).toContain('new URLSearchParams');
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();

    await user.click(within(screen.getByRole('tabpanel', { name: 'curl' })).getByRole('button', { name: 'Copy curl example' }));
    expect(await navigator.clipboard.readText()).toBe(samples[0]?.code);
  });

  it('moves to the next sample with the left arrow on a right-to-left page', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const { user } = renderApp(<ApiDocs />, { route: '/api-docs' });
      const tabs = screen.getAllByRole('tab');
      await user.click(tabs[0] as HTMLElement);
      await user.keyboard('{ArrowLeft}');
      expect(tabs[1]).toHaveFocus();
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(tabs[2]).toHaveFocus();
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });
});
