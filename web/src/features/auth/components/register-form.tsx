import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { registerProfile } from '@/features/auth/api/register-profile';
import { registerErrorMessage } from '@/features/auth/auth-errors';
import { AuthCard } from '@/features/auth/components/auth-card';
import { forgetReferral, readReferral } from '@/features/auth/referral-invite';
import { type RegisterFormValues, registerFormSchema } from '@/features/auth/schemas';
import { useAuth } from '@/lib/auth';
import { useForm } from '@/lib/form';
import { hasOrderPreset, readOrderPreset } from '@/lib/order-preset';
import { termsQuery, useTerms } from '@/lib/terms';

export function RegisterForm() {
  const { createAccount } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  // A service chosen before signing up (/services, the landing page's Order Now) is ordered next.
  const preset = readOrderPreset(useSearchParams()[0]);
  const [failure, setFailure] = useState<string | null>(null);
  // The referral link this device came through within its window (an expired one is dropped here).
  const [referralCode, setReferralCode] = useState(readReferral);
  const queryClient = useQueryClient();
  // Read while the form is filled in: its version is what the customer accepts.
  useTerms();
  const termsErrorId = useId();
  const {
    field,
    register,
    handleSubmit,
    formState: { isSubmitting, errors },
  } = useForm<RegisterFormValues>({
    schema: registerFormSchema,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const name = values.name.trim();
    let termsVersion: number;
    try {
      termsVersion = (await queryClient.ensureQueryData(termsQuery)).version;
    } catch {
      setFailure('The terms could not be loaded. Check your connection and try again.');
      return;
    }
    try {
      await createAccount({ name, email: values.email.trim().toLowerCase(), password: values.password });
    } catch (error) {
      const message = registerErrorMessage(error);
      setFailure(message);
      toast.error(message);
      return;
    }
    // The account exists and is signed in. The profile is also made by the first profile read, but only this call
    // records the terms accepted and the referrer (once): a lost answer is asked again, twice, before going on without it.
    // The code is read again: the form may have stayed open past its window.
    const code = readReferral();
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await registerProfile({ name, termsVersion, ...(code ? { referralCode: code } : {}) });
        break;
      } catch (error) {
        if (attempt === 3) console.warn('Profile registration failed: the dashboard makes the profile, without the terms version', error);
        else await new Promise((done) => setTimeout(done, 500 * attempt));
      }
    }
    // Used (or lost with the registration): the next account made on this device is nobody's.
    if (code) forgetReferral();
    toast.success('Registration successful! Login NOW');
    navigate(hasOrderPreset(preset) ? paths.order.getHref(preset) : paths.dashboard.getHref(), { replace: true });
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Register in seconds, top up your balance, and start growing."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login.getHref(preset)} className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Name" autoComplete="name" dir="auto" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" dir="ltr" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." {...field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <div>
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? termsErrorId : undefined}
              {...register('acceptTerms')}
            />
            <span>
              I accept the{' '}
              <Link to={paths.terms.getHref()} target="_blank" className="font-semibold text-brand-700 hover:underline">
                Terms
              </Link>{' '}
              (refunds, cancel and refill)
            </span>
          </label>
          {errors.acceptTerms ? (
            <p id={termsErrorId} role="alert" className="text-sm font-medium text-red-700">
              {errors.acceptTerms.message}
            </p>
          ) : null}
        </div>
        {referralCode ? (
          <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-800 ring-1 ring-brand-100" data-testid="referral-note">
            You were invited: code{' '}
            <bdi dir="ltr" className="font-mono font-semibold">
              {referralCode}
            </bdi>{' '}
            <button
              type="button"
              className="ms-1 min-h-11 font-semibold underline underline-offset-2 sm:min-h-6"
              onClick={() => {
                forgetReferral();
                setReferralCode(null);
              }}
            >
              Not invited? Remove
            </button>
          </p>
        ) : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" block size="lg" loading={isSubmitting}>
          Register
        </Button>
      </form>
    </AuthCard>
  );
}
