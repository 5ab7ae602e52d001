// A newly paired phone's signing key and webhook URL, shown this once, with the SMS Gateway for Android
// app's setup (capcom6/android-sms-gateway). Only "I have copied it" closes it: a stray tap on the
// backdrop or Escape would lose a key nobody can show again.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Modal } from '@/components/ui/modal';
import type { PairedDevice } from '@/features/admin/top-ups/api/pair-wallet-device';

const APP_RELEASES = 'https://github.com/capcom6/android-sms-gateway/releases';

const registerCommand = (webhookUrl: string, event: string) =>
  `curl -X POST -u <user>:<pass> -H 'Content-Type: application/json' -d '${JSON.stringify({ url: webhookUrl, event })}' http://<phone-ip>:8080/webhooks`;

/** A value to copy: wrapped however long, never wider than the dialog. */
function Copyable({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-800">{label}</span>
        <CopyButton value={value} label={label} className="min-h-11 min-w-16 sm:min-h-6" />
      </div>
      <code className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs wrap-anywhere whitespace-pre-wrap text-slate-900">
        {value}
      </code>
      {children}
    </div>
  );
}

export function SigningKeyDialog({ paired, onClose }: { paired: PairedDevice | null; onClose: () => void }) {
  return (
    <Modal open={paired !== null} onClose={onClose} dismissible={false} size="lg" title={paired ? `Pair ${paired.device.name}` : ''}>
      {paired ? (
        <div className="space-y-4 text-sm text-slate-700">
          <p className="rounded-xl bg-amber-50 px-3 py-2 font-semibold text-amber-900 ring-1 ring-amber-200">
            This key is shown only now. Copy it to the phone before you close this.
          </p>
          <Copyable label="Signing key" value={paired.signingKey} />
          <Copyable label="Webhook URL" value={paired.webhookUrl} />
          <ol className="list-decimal space-y-3 pl-5">
            <li>
              {`On the phone with the ${paired.device.wallet} SIM, install SMS Gateway for Android from its `}
              <a href={APP_RELEASES} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
                GitHub releases
              </a>{' '}
              or F-Droid.
            </li>
            <li>In the app, Settings → Webhooks → Signing Key: paste the key.</li>
            <li className="space-y-2">
              <span className="block">
                Register the webhook URL for the events <code>sms:received</code> and <code>system:ping</code>. In Local Server mode, from a
                computer on the phone’s network, with the user, password and address the app shows:
              </span>
              <Copyable label="Register sms:received" value={registerCommand(paired.webhookUrl, 'sms:received')} />
              <Copyable label="Register system:ping" value={registerCommand(paired.webhookUrl, 'system:ping')} />
            </li>
            <li>Settings → Ping: an interval of 300 seconds.</li>
            <li>Exempt the app from battery optimisation and allow it background activity.</li>
          </ol>
          <Button block onClick={onClose}>
            I have copied it
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
