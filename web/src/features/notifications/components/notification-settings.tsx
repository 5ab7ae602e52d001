// What the customer is told, per kind: in the bell, and as a push on the devices that turned pushes
// on (each switch saves the whole preferences object with PUT); and pushes on this device.
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  type NotificationPreferences,
} from '@shared/notifications';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useNotificationSettings, useUpdateNotificationSettings } from '@/features/notifications/api/notification-settings';
import { errorMessage } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { type PushState, turnOffPush, turnOnPush, usePushState } from '@/lib/push-device';

function Switch({
  label,
  checked,
  disabled,
  onChange,
  describedBy,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
  describedBy?: string | undefined;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onChange}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${checked ? 'bg-brand-600' : 'bg-slate-300'}`}
    >
      <span
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`}
      />
    </button>
  );
}

export function KindPreferences() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  // A browser that blocks notifications (or has none) shows no push: its switches read off, with the reason. The
  // choices themselves are the account's, kept for its other devices.
  const pushState = usePushState(useAuth().user?.uid);
  const noPushHere = pushState === 'blocked' || pushState === 'unsupported';
  if (settings.isPending) return <LoadingBlock className="min-h-32" />;
  if (settings.isError) return <FormAlert>Could not load your notification settings.</FormAlert>;
  // While a change is saved it shows as made; a refusal puts the server's answer back.
  const preferences = update.isPending && update.variables ? update.variables : settings.data.preferences;

  const toggle = (kind: NotificationKind, channel: 'bell' | 'push') => {
    const next: NotificationPreferences = { ...preferences, [kind]: { ...preferences[kind], [channel]: !preferences[kind][channel] } };
    update.mutate(next);
  };

  return (
    <div className="space-y-3">
      {noPushHere ? (
        <p id="push-off-here" className="text-sm text-slate-700">
          {STATE_TEXT[pushState]}. Push is off in this browser; your choices below are kept for your other devices.
        </p>
      ) : null}
      <table className="w-full text-start text-sm">
        <caption className="sr-only">What you are told about</caption>
        <thead>
          <tr>
            <th scope="col" className="py-2 text-start font-semibold text-slate-600">
              Notification
            </th>
            <th scope="col" className="w-20 py-2 text-center font-semibold text-slate-600">
              In the bell
            </th>
            <th scope="col" className="w-20 py-2 text-center font-semibold text-slate-600">
              Push
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row" className="py-3 text-start font-medium text-slate-900">
                {NOTIFICATION_KIND_LABELS[kind]}
              </th>
              {(['bell', 'push'] as const).map((channel) => (
                <td key={channel} className="py-3 text-center">
                  <Switch
                    label={`${NOTIFICATION_KIND_LABELS[kind]}: ${channel === 'bell' ? 'In the bell' : 'Push'}`}
                    checked={channel === 'push' && noPushHere ? false : preferences[kind][channel]}
                    disabled={update.isPending || (channel === 'push' && noPushHere)}
                    describedBy={channel === 'push' && noPushHere ? 'push-off-here' : undefined}
                    onChange={() => toggle(kind, channel)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {update.isError ? <FormAlert>{errorMessage(update.error, 'Could not save your choice. Please try again.')}</FormAlert> : null}
      {update.isSuccess ? <FormAlert tone="success">Saved.</FormAlert> : null}
    </div>
  );
}

const STATE_TEXT: Record<PushState, string> = {
  on: 'On: this phone shows a notification when something happens, even with the app closed.',
  off: 'Off: you see notifications in the bell when you open the app.',
  blocked: NOTIFICATION_MESSAGES.pushDenied,
  unsupported: NOTIFICATION_MESSAGES.pushUnsupported,
};

/** "Notifications on this phone": the state, and Turn on / Turn off. */
export function PushOnThisDevice() {
  const { user } = useAuth();
  const state = usePushState(user?.uid);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const turnOn = async () => {
    if (!user) return;
    setBusy(true);
    setMessage(null);
    const result = await turnOnPush(user.uid);
    setBusy(false);
    if (result.ok) setMessage({ tone: 'success', text: 'Notifications are on for this phone.' });
    // Blocked and unsupported speak for themselves in the state line.
    else if (result.reason === 'failed' && result.message) setMessage({ tone: 'error', text: result.message });
  };
  const turnOff = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await turnOffPush();
      setMessage({ tone: 'success', text: 'Notifications are off for this phone.' });
    } catch {
      setMessage({ tone: 'error', text: 'Could not turn off notifications on this phone. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="push-state">
        {STATE_TEXT[state]}
      </p>
      {state === 'off' ? (
        <Button size="sm" loading={busy} onClick={() => void turnOn()}>
          Turn on
        </Button>
      ) : null}
      {state === 'on' ? (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void turnOff()}>
          Turn off
        </Button>
      ) : null}
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
    </div>
  );
}
