// The admin's wallet phones (issue 28): the list, pairing one (its signing key comes back once) and revoking one.
import { type WalletDeviceBody, walletDeviceBody, walletDeviceCreatedSchema, walletDeviceSchema } from '@shared/wallet-autopilot';
import { useState } from 'react';
import { z } from 'zod/mini';
import { useAdminList } from '@/features/admin/hooks/use-admin-list';
import { api } from '@/lib/api-client';
import { useInvalidate, useRefetchingMutation } from '@/lib/refetch';
import { adminOverviewKey } from './get-overview';

export const walletDevicesKey = ['admin', 'wallet-devices'] as const;

/** Every phone ever paired, newest first, revoked ones included. */
export function useWalletDevices() {
  return useAdminList({ key: walletDevicesKey, path: '/admin/wallet-devices', itemsKey: 'devices', item: walletDeviceSchema });
}

export type PairedDevice = z.infer<typeof walletDeviceCreatedSchema>;

export function pairWalletDevice(body: WalletDeviceBody): Promise<PairedDevice> {
  return api.post('/admin/wallet-devices', walletDeviceCreatedSchema, walletDeviceBody.parse(body));
}

/**
 * Pairs a phone. Not a useMutation: the mutation cache would keep the answer, signing key included,
 * after the dialog that shows it is closed. The caller alone holds the answer, in component state.
 */
export function usePairWalletDevice() {
  const invalidate = useInvalidate(walletDevicesKey, adminOverviewKey);
  const [isPending, setPending] = useState(false);
  const pair = async (body: WalletDeviceBody) => {
    setPending(true);
    try {
      return await pairWalletDevice(body);
    } finally {
      setPending(false);
      invalidate();
    }
  };
  return { pair, isPending };
}

export function revokeWalletDevice(id: string) {
  return api.delete(`/admin/wallet-devices/${encodeURIComponent(id)}`, z.undefined());
}

export function useRevokeWalletDevice() {
  return useRefetchingMutation(revokeWalletDevice, [walletDevicesKey, adminOverviewKey]);
}
