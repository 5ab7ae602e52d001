// Public settings (wallet accounts, support chat): read by the dashboard, recharge, login and contact.

import { settingsSchema } from '@shared/schemas/top-ups';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getSettings() {
  return api.get('/settings', settingsSchema);
}

export const settingsQueryKey = ['settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: getSettings, staleTime: 5 * 60_000 });
}

/** A chat link with a prefilled message (wa.me and most chat links accept `?text=`). */
export function chatLink(supportChat: string, text: string): string {
  try {
    const url = new URL(supportChat);
    url.searchParams.set('text', text);
    return url.toString();
  } catch {
    return supportChat;
  }
}
