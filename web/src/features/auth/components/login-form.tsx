import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { type LoginRedirectState, loginErrorMessage, NOT_SIGNED_IN } from '@/features/auth/auth-errors';
import { AuthCard } from '@/features/auth/components/auth-card';
import { type LoginFormValues, loginFormSchema } from '@/features/auth/schemas';
import { authErrorCode, useAuth } from '@/lib/auth';
import { useForm } from '@/lib/form';
import { hasOrderPreset, readOrderPreset } from '@/lib/order-preset';
import { chatLink } from '@/lib/settings';

export function LoginForm({ supportChat }: { supportChat: string | undefined }) {
  const { login, sendResetLink } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const notSignedIn = (useLocation().state as LoginRedirectState | null)?.notSignedIn === true;
  // A service chosen before signing in (/services, the landing page's Order Now) is ordered next.
  const preset = readOrderPreset(useSearchParams()[0]);
  const customerHome = hasOrderPreset(preset) ? paths.order.getHref(preset) : paths.dashboard.getHref();
  const [failure, setFailure] = useState<string | null>(null);
  const [sendingReset, setSendingReset] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    field,
    handleSubmit,
    trigger,
    getValues,
    watch,
    formState: { isSubmitting },
  } = useForm<LoginFormValues>({ schema: loginFormSchema, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const user = await login(email.trim().toLowerCase(), password);
      toast.success('Login successful');
      navigate(user.role === 'admin' ? paths.admin.getHref() : customerHome, { replace: true });
    } catch (error) {
      const message = loginErrorMessage(error);
      setFailure(message);
      toast.error(message);
    }
  });

  const onResetLink = async () => {
    if (!(await trigger('email'))) return;
    const email = getValues('email').trim().toLowerCase();
    setSendingReset(true);
    try {
      await sendResetLink(email);
      toast.success(`If an account exists for ${email}, a password reset link is on its way.`);
    } catch (error) {
      // Unknown emails get the same answer, so the form never tells who has an account.
      if (authErrorCode(error) === 'auth/network-request-failed') toast.error('Server error, try again later');
      else toast.success(`If an account exists for ${email}, a password reset link is on its way.`);
    } finally {
      setSendingReset(false);
    }
  };

  const typedEmail = watch('email').trim();
  const forgotText = `Hello, I forgot my Shohrat password. My account email is: ${typedEmail || '(your email)'}`;

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back. Sign in to check your balance and place orders."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register.getHref(preset)} className="font-semibold text-brand-700 hover:underline">
            Register
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {notSignedIn && !failure ? <FormAlert>{NOT_SIGNED_IN}</FormAlert> : null}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" dir="ltr" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" block size="lg" loading={isSubmitting}>
          Login
        </Button>
      </form>
      {/* One way back in: the emailed link first, the support chat when no email comes. */}
      <div className="mt-5 border-t border-slate-100 pt-4">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={forgotOpen}
          aria-controls={forgotOpen ? 'forgot-password' : undefined}
          onClick={() => setForgotOpen((open) => !open)}
        >
          Forgot password?
        </Button>
        {forgotOpen ? (
          <div id="forgot-password" className="mt-2 space-y-3 text-sm text-slate-700">
            <p>We will email a link to set a new password to the address above.</p>
            <Button variant="secondary" size="sm" block loading={sendingReset} onClick={onResetLink}>
              Email me a reset link
            </Button>
            {supportChat ? (
              <p>
                No email after a few minutes?{' '}
                <a
                  href={chatLink(supportChat, forgotText)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-700 underline"
                >
                  Ask support on WhatsApp
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </AuthCard>
  );
}
