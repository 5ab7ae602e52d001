import { z } from 'zod/mini';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { walletDevicesKey } from '@/features/admin/top-ups/api/get-wallet-devices';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';

export function revokeWalletDevice(id: string) {
  return api.delete(`/admin/wallet-devices/${encodeURIComponent(id)}`, z.undefined());
}

export function useRevokeWalletDevice() {
  return useRefetchingMutation(revokeWalletDevice, [walletDevicesKey, adminOverviewKey]);
}
