// The answers a prerendered page was rendered from (src/prerender/pages.tsx), written into it by the function as a
// JSON data block (#prerendered-state): the app's query cache starts with them, so its first render is the page's
// own and hydrates it without asking again or showing a loading state first.
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

export const PRERENDERED_STATE_ID = 'prerendered-state';

/** Puts the page's answers, if it has any, into `client`; returns it. */
export function withPrerenderedAnswers(client: QueryClient, doc: Document | undefined = globalThis.document): QueryClient {
  const block = doc?.getElementById(PRERENDERED_STATE_ID);
  if (!block?.textContent) return client;
  try {
    hydrate(client, JSON.parse(block.textContent) as DehydratedState);
  } catch (error) {
    // The screens ask the server themselves, as they would without it.
    console.error('The page’s own answers could not be read', error);
  }
  return client;
}
