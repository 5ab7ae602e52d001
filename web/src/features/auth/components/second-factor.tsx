// The admin console's second step: an admin signed in with the password sees this instead of
// the console until a code from their authenticator app (or a recovery code) gives the session the
// factor. The first time, it sets the factor up: the secret and the recovery codes are shown once.
import { type MfaEnrolled, mfaCodeSchema } from '@shared/mfa';
import { type FormEvent, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { enrollSecondFactor, useMfaStatus, verifySecondFactor } from '@/features/auth/api/second-factor';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useFieldError } from '@/lib/use-field-error';

const failureOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Could not reach the server. Check the connection and try again.';

/** The secret in groups of four, as authenticator apps take it typed. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function SetUp({ enrolled }: { enrolled: MfaEnrolled }) {
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <p className="rounded-xl bg-amber-50 px-3 py-2 font-semibold text-amber-900 ring-1 ring-amber-200">
        The key and the recovery codes are shown only now.
      </p>
      <ol className="list-decimal space-y-3 ps-5">
        <li className="space-y-2">
          <span className="block">
            In your authenticator app (Google Authenticator, Microsoft Authenticator, 2FAS…), add an account with this key, or open the link
            on this phone:
          </span>
          <span className="flex items-center justify-between gap-2">
            <code className="font-mono text-base font-semibold wrap-anywhere text-slate-900">{grouped(enrolled.secret)}</code>
            <CopyButton value={enrolled.secret} label="Key" className="min-h-11 min-w-16 sm:min-h-6" />
          </span>
          <a href={enrolled.otpauthUrl} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Open in authenticator app
          </a>
        </li>
        <li className="space-y-2">
          <span className="block">Keep these recovery codes somewhere safe: each signs you in once if the phone is lost.</span>
          <span className="flex items-start justify-between gap-2">
            <ul className="grid grid-cols-2 gap-x-4 font-mono text-slate-900" aria-label="Recovery codes">
              {enrolled.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <CopyButton value={enrolled.recoveryCodes.join('\n')} label="Recovery codes" className="min-h-11 min-w-16 sm:min-h-6" />
          </span>
        </li>
        <li>Enter the 6-digit code the app shows now.</li>
      </ol>
    </div>
  );
}

export function SecondFactor() {
  const { user, logout, completeSecondFactor } = useAuth();
  const status = useMfaStatus(user?.uid);
  const [enrolled, setEnrolled] = useState<MfaEnrolled | null>(null);
  const [code, setCode] = useState('');
  const { error, setError, passed } = useFieldError();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setUp = async () => {
    setFailure(null);
    setBusy(true);
    try {
      setEnrolled(await enrollSecondFactor());
    } catch (failed) {
      setFailure(failureOf(failed));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = mfaCodeSchema.safeParse(code);
    if (!passed(parsed)) return;
    setBusy(true);
    try {
      const { customToken } = await verifySecondFactor(parsed.data);
      setEnrolled(null);
      await completeSecondFactor(customToken);
    } catch (failed) {
      if (failed instanceof ApiError && failed.code === 'mfa_invalid_code') setError(failed.message);
      else setFailure(failureOf(failed));
      setBusy(false);
    }
  };

  const needsSetUp = status.data?.enrolled === false && enrolled === null;
  return (
    <div className="px-4 py-10">
      <AuthCard
        title="Two-step sign-in"
        subtitle={
          needsSetUp
            ? 'The admin console asks for a code from an authenticator app as well as your password. Set it up once.'
            : 'Enter the code from your authenticator app to open the admin console.'
        }
        footer={
          <button type="button" className="min-h-11 font-semibold text-brand-700 underline" onClick={() => void logout()}>
            Sign out
          </button>
        }
      >
        {status.isPending ? (
          <LoadingBlock className="min-h-32" />
        ) : status.isError ? (
          <FormAlert>{failureOf(status.error)}</FormAlert>
        ) : needsSetUp ? (
          <div className="space-y-4">
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <Button block loading={busy} onClick={() => void setUp()}>
              Set up two-step sign-in
            </Button>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
            {enrolled ? <SetUp enrolled={enrolled} /> : null}
            <TextField
              label="Code"
              inputMode="numeric"
              dir="ltr"
              autoComplete="one-time-code"
              placeholder="123456"
              hint={enrolled ? undefined : 'Lost the phone? Enter one of your recovery codes.'}
              value={code}
              error={error}
              data-autofocus
              onChange={(event) => setCode(event.target.value)}
            />
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <Button type="submit" block loading={busy}>
              Verify
            </Button>
          </form>
        )}
      </AuthCard>
    </div>
  );
}
