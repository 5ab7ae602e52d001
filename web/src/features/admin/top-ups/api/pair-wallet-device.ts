import { type WalletDeviceBody, walletDeviceBody, walletDeviceCreatedSchema } from '@shared/wallet-autopilot';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { walletDevicesKey } from '@/features/admin/top-ups/api/get-wallet-devices';
import { api } from '@/lib/api-client';
import { useInvalidate } from '@/lib/refetch';

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
