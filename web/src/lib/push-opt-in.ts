// When to offer pushes: never on first load, only right after the customer did something worth hearing
// back about (placed an order, sent a recharge request, opened a ticket), only where the browser can
// show them and they are not blocked, when this device has no pushes on, and not again for 30 days after
// "Not now". Permission already granted (pushes were on here before a sign-out, or for another account)
// still gets the offer: Turn on then registers the device without a prompt. Features call
// `offerPushOptIn`; the card (components/pwa/push-opt-in-card.tsx) shows the offer.
import { useSyncExternalStore } from 'react';
import { dismissedWithin, rememberDismissal } from '@/lib/dismissal';
import { pushSupported, readPushDevice } from '@/lib/push-token-store';

export type OptInReason = 'order' | 'topup' | 'ticket';

export const OPT_IN_DISMISSED_KEY = 'pushOfferDismissedAt';
export const OPT_IN_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether the offer may be made now. */
export function mayOfferPush(): boolean {
  return (
    pushSupported() &&
    Notification.permission !== 'denied' &&
    !dismissedWithin(OPT_IN_DISMISSED_KEY, OPT_IN_QUIET_MS) &&
    readPushDevice() === null
  );
}

let offered: OptInReason | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** After an action: offers pushes, if the rules above allow it. */
export function offerPushOptIn(reason: OptInReason): void {
  if (!mayOfferPush()) return;
  offered = reason;
  emit();
}

/** The card is done with (turned on, or failed and closed): no record, it may come again after the next action. */
export function closePushOptIn(): void {
  offered = null;
  emit();
}

/** "Not now": quiet for 30 days. */
export function dismissPushOptIn(now = Date.now()): void {
  rememberDismissal(OPT_IN_DISMISSED_KEY, now);
  closePushOptIn();
}

/** The pending offer's reason, or null. */
export function usePushOptIn(): OptInReason | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
  );
}
