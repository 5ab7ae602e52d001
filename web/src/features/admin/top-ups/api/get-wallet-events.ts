import { type WalletEventStatus, walletEventSchema } from '@shared/wallet-autopilot';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const walletEventsKey = ['admin', 'wallet-events'] as const;

/** The SMS the wallet phones forwarded, in one state: unmatched and held are queues, oldest first (the server's order). */
export function useWalletEvents(status: WalletEventStatus) {
  return useAdminList({
    key: walletEventsKey,
    path: '/admin/wallet-events',
    itemsKey: 'events',
    item: walletEventSchema,
    params: { status },
  });
}
