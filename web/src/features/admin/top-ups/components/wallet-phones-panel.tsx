// Settings → Wallet phones (docs/decisions/0015-top-up-autopilot.md): the phones that forward the wallets' SMS, their health (a phone
// silent for 10 minutes leaves its wallet's top-ups to the admin), revoking one (a lost phone), and
// pairing a new one, whose signing key is shown once.
import type { WalletDevice } from '@shared/wallet-autopilot';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { Section } from '@/components/ui/section';
import { WalletDeviceStateBadge } from '@/components/ui/status-badge';
import { ListTable } from '@/features/admin/shared/components/list-table';
import { useAdminAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useWalletDevices } from '@/features/admin/top-ups/api/get-wallet-devices';
import type { PairedDevice } from '@/features/admin/top-ups/api/pair-wallet-device';
import { useRevokeWalletDevice } from '@/features/admin/top-ups/api/revoke-wallet-device';
import { PairPhoneForm } from '@/features/admin/top-ups/components/pair-phone-form';
import { SigningKeyDialog } from '@/features/admin/top-ups/components/signing-key-dialog';
import { formatDateTime, formatSavedAt } from '@/lib/format';

function When({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-500">Never</span>;
  return <span title={formatDateTime(at)}>{formatSavedAt(Date.parse(at))}</span>;
}

function RevokeForm({ device, onDone }: { device: WalletDevice; onDone: () => void }) {
  const { failure, run } = useAdminAction();
  const revoke = useRevokeWalletDevice();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {`Revoke ${device.name}? Its messages are refused from now on; pair the phone again to use it.`}
      </p>
      <DialogActions
        failure={failure}
        onCancel={onDone}
        action={{
          variant: 'danger',
          loading: revoke.isPending,
          onClick: () => run(() => revoke.mutateAsync(device._id), { done: `✅ ${device.name} revoked`, after: onDone }),
          label: 'Revoke',
        }}
      />
    </div>
  );
}

export function WalletPhonesPanel() {
  const devices = useWalletDevices();
  const [revoking, setRevoking] = useState<WalletDevice | null>(null);
  // The pairing's answer, signing key included: here and nowhere else, gone when its dialog closes.
  const [paired, setPaired] = useState<PairedDevice | null>(null);

  return (
    <Section
      id="wallet-phones-heading"
      title="Wallet phones"
      description="Phones with a wallet’s SIM forward its SMS, so payments are matched with top-up requests. A phone silent for 10 minutes leaves its wallet’s top-ups to you."
    >
      <ListTable
        list={devices}
        caption="Wallet phones"
        emptyText="No phone paired yet."
        errorText="Could not load the wallet phones."
        columns={[
          {
            header: 'Phone',
            cell: (device) => (
              <span className="min-w-0 text-right sm:text-left">
                <span className="block font-medium wrap-anywhere">{device.name}</span>
                <span className="block text-xs wrap-anywhere text-slate-600">{`Senders: ${device.senders.join(', ')}`}</span>
              </span>
            ),
          },
          { header: 'Wallet', cell: (device) => device.wallet },
          { header: 'State', cell: (device) => <WalletDeviceStateBadge state={device.state} /> },
          { header: 'Last seen', cell: (device) => <When at={device.lastSeenAt} /> },
          { header: 'Last SMS', cell: (device) => <When at={device.lastEventAt} /> },
          {
            header: 'Action',
            cell: (device) =>
              device.state === 'revoked' ? (
                <span className="text-xs text-slate-600">
                  {device.revokedAt ? `Revoked ${formatDateTime(device.revokedAt)}` : 'Revoked'}
                </span>
              ) : (
                <Button variant="secondary" aria-label={`Revoke ${device.name}`} onClick={() => setRevoking(device)}>
                  Revoke
                </Button>
              ),
          },
        ]}
      />
      <PairPhoneForm onPaired={setPaired} />
      <Modal open={revoking !== null} onClose={() => setRevoking(null)} title="Revoke phone">
        {revoking ? <RevokeForm device={revoking} onDone={() => setRevoking(null)} /> : null}
      </Modal>
      <SigningKeyDialog paired={paired} onClose={() => setPaired(null)} />
    </Section>
  );
}
