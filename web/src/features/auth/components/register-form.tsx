import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { registerProfile } from '@/features/auth/api/register-profile';
import { registerErrorMessage } from '@/features/auth/auth-errors';
import { AuthCard } from '@/features/auth/components/auth-card';
import { type RegisterFormValues, registerFormSchema } from '@/features/auth/schemas';
import { useAuth } from '@/lib/auth';
import { useForm } from '@/lib/form';
import { hasOrderPreset, readOrderPreset } from '@/lib/order-preset';

export function RegisterForm() {
  const { createAccount } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  // A service chosen before signing up (/services, the landing page's Order Now) is ordered next.
  const preset = readOrderPreset(useSearchParams()[0]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    field,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<RegisterFormValues>({
    schema: registerFormSchema,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const name = values.name.trim();
    try {
      await createAccount({ name, email: values.email.trim().toLowerCase(), password: values.password });
    } catch (error) {
      const message = registerErrorMessage(error);
      setFailure(message);
      toast.error(message);
      return;
    }
    try {
      await registerProfile({ name });
    } catch (error) {
      // The account exists and is signed in; the profile is also created on the first profile read.
      console.warn('Profile registration will be retried on the dashboard', error);
    }
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
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." {...field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" block size="lg" loading={isSubmitting}>
          Register
        </Button>
      </form>
    </AuthCard>
  );
}
