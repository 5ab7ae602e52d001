// The offer to turn pushes on, made right after an action (lib/push-opt-in.ts decides when). Turn on
// asks the browser's permission and registers this device; Not now keeps it away for 30 days.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { closePushOptIn, dismissPushOptIn, type OptInReason, usePushOptIn } from '@/lib/push-opt-in';

const WHEN: Record<OptInReason, string> = {
  order: 'your order moves',
  topup: 'your top-up is approved',
  ticket: 'support replies',
};

export function PushOptInCard() {
  const { status, user } = useAuth();
  const reason = usePushOptIn();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  // Pushes' code (with the API client and zod) is not part of the page: it loads with the offer, so that
  // Turn on asks the browser's permission at once, within the tap.
  useEffect(() => {
    if (reason) void import('@/lib/push-device');
  }, [reason]);
  if (status !== 'signed-in' || user?.role !== 'user' || (!reason && !outcome)) return null;

  const turnOn = async () => {
    setBusy(true);
    const { turnOnPush } = await import('@/lib/push-device');
    const result = await turnOnPush(user.uid);
    setBusy(false);
    if (result.ok) setOutcome({ tone: 'success', text: 'Notifications are on for this phone.' });
    else if (result.message) setOutcome({ tone: 'error', text: result.message });
    // The browser's prompt was closed unanswered: asked again after a later action, not at once.
    else dismissPushOptIn();
    closePushOptIn();
  };
  const close = () => setOutcome(null);

  return (
    <section
      aria-label="Notifications on this phone"
      className="pointer-events-auto rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200"
    >
      {outcome ? (
        <div className="flex items-start justify-between gap-3">
          <p
            role={outcome.tone === 'error' ? 'alert' : 'status'}
            className={`text-sm font-medium ${outcome.tone === 'error' ? 'text-red-800' : 'text-emerald-800'}`}
          >
            {outcome.text}
          </p>
          <Button size="sm" variant="ghost" onClick={close}>
            Close
          </Button>
        </div>
      ) : reason ? (
        <>
          <p className="text-sm font-medium text-slate-900">Get a notification on this phone when {WHEN[reason]}?</p>
          <div className="mt-3 flex gap-2">
            <Button size="sm" loading={busy} onClick={() => void turnOn()}>
              Turn on
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => dismissPushOptIn()}>
              Not now
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
