import { Page } from '@/components/layout/page';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterRoute() {
  return (
    <Page title="Register">
      <RegisterForm />
    </Page>
  );
}
