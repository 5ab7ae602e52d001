// The admin's wallet phones (decision record 0015): the list here; pairing one (its signing key comes back
// once) in pair-wallet-device.ts, revoking one in revoke-wallet-device.ts.
import { walletDeviceSchema } from '@shared/wallet-autopilot';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const walletDevicesKey = ['admin', 'wallet-devices'] as const;

/** Every phone ever paired, newest first, revoked ones included. */
export function useWalletDevices() {
  return useAdminList({ key: walletDevicesKey, path: '/admin/wallet-devices', itemsKey: 'devices', item: walletDeviceSchema });
}
