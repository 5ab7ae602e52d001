import { walletStatusSchema } from '@shared/wallet-autopilot';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/wallet-status: which wallets' payments are credited automatically right now. */
export function getWalletStatus() {
  return api.get('/wallet-status', walletStatusSchema).then((answer) => answer.wallets);
}

export const walletStatusQueryKey = ['wallet-status'] as const;

/** Asked when the recharge form opens: a phone that went silent a minute ago makes its wallet manual. */
export function useWalletStatus(enabled: boolean) {
  return useQuery({ queryKey: walletStatusQueryKey, queryFn: getWalletStatus, enabled, staleTime: 0 });
}
