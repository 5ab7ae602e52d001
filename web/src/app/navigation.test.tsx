// Moving between screens through the real route table: each screen's code is a chunk that loads when
// the screen is first opened. On the first load the screen's loading state shows, with no progress bar;
// on a later navigation the screen shown stays, under the progress bar, until the next one's code is there.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { fakeAuth, mockApi, SETTINGS } from '@/testing/render';
import { renderAppRoutes } from '@/testing/render-routes';

const PROGRESS = '[role="progressbar"][aria-label="Loading page"]';

/** Every time the progress bar was in the page, with the h1 shown beside it. */
function watchProgressBar() {
  const seen: (string | null)[] = [];
  const observer = new MutationObserver(() => {
    if (document.querySelector(PROGRESS)) seen.push(document.querySelector('h1')?.textContent ?? null);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  return { seen, stop: () => observer.disconnect() };
}

let stopWatching = () => {};
afterEach(() => stopWatching());

// The route modules load on demand, which takes seconds in jsdom on a busy machine.
const LOADED = { timeout: 10_000 };

describe('navigating between screens', () => {
  it("shows the first screen's loading state without the progress bar, then keeps each screen under the bar until the next one's code is there", async () => {
    mockApi({ 'GET /api/settings': { body: SETTINGS }, 'GET /api/review': { body: { reviews: [] } } });
    const watch = watchProgressBar();
    stopWatching = watch.stop;
    renderAppRoutes(paths.about.getHref(), fakeAuth({ status: 'signed-out', user: null }));
    expect(within(screen.getByRole('main')).getByText('Loading...')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'About Us' }, LOADED);
    expect(watch.seen).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'API docs' }));
    await screen.findByRole('progressbar', { name: 'Loading page' }, LOADED);
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();

    await screen.findByRole('heading', { level: 1, name: 'API documentation' }, LOADED);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // While the bar showed, the page kept the screen it came from: no loading state in between.
    expect(watch.seen.length).toBeGreaterThan(0);
    expect(new Set(watch.seen)).toEqual(new Set(['About Us']));
  }, 20_000);
});
