// When the data on screen was last fetched from the server: the `Date` of the newest successful /api
// answer. An answer the service worker serves from its cache keeps the `Date` it came with, so
// offline this is the age of the saved data, which the offline banner shows.
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'lastDataAt';
const listeners = new Set<() => void>();

function readStored(): number | null {
  try {
    const value = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

let lastAt: number | null = typeof localStorage === 'undefined' ? null : readStored();

/** Records an answer's time (its `Date` header, else now); only a newer time counts. */
export function noteAnswerTime(dateHeader: string | null, now = Date.now()): void {
  const parsed = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  const at = Number.isNaN(parsed) ? now : parsed;
  if (lastAt !== null && at <= lastAt) return;
  lastAt = at;
  try {
    localStorage.setItem(STORAGE_KEY, String(at));
  } catch {
    // Storage unavailable: the time is still kept for this page.
  }
  for (const listener of listeners) listener();
}

export function lastAnswerAt(): number | null {
  return lastAt;
}

/** For tests: forget the recorded time. */
export function resetAnswerTime(): void {
  lastAt = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLastAnswerAt(): number | null {
  return useSyncExternalStore(subscribe, lastAnswerAt, () => null);
}
