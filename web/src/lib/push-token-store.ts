// This device's push token, as registered for one account: kept so that sign-out (and Turn off) can
// ask the server to stop pushing to it. Dependency-free: the session code (lib/auth.tsx, on the first
// paint's path) checks it before loading anything of pushes.

const KEY = 'pushDevice';

/** Whether this browser can show pushes at all (the opt-in card asks before it offers anything). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

export interface StoredPushDevice {
  token: string;
  uid: string;
}

export function readPushDevice(): StoredPushDevice | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    const value = parsed as Partial<StoredPushDevice> | null;
    return typeof value?.token === 'string' && typeof value.uid === 'string' ? { token: value.token, uid: value.uid } : null;
  } catch {
    return null;
  }
}

export function writePushDevice(device: StoredPushDevice | null): void {
  try {
    if (device) localStorage.setItem(KEY, JSON.stringify(device));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: the token is then not remembered, and sign-out cannot name it.
  }
}
