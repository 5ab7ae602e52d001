// Online or not, as TanStack Query's onlineManager sees it: the one switch that pauses retries,
// refetches on reconnect, shows the offline banner and disables actions that need the server.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * TanStack Query 5 assumes "online" until an `offline` event; a page (re)loaded without a
 * connection starts offline instead. Called once, when the query client is made.
 */
export function syncInitialOnlineState(nav: Pick<Navigator, 'onLine'> | undefined = globalThis.navigator): void {
  if (nav && nav.onLine === false) onlineManager.setOnline(false);
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
