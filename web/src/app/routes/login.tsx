import { Page } from '@/components/layout/page';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSettings } from '@/lib/settings';

export function LoginRoute() {
  const settings = useSettings();
  return (
    <Page title="Login" width="max-w-6xl">
      <LoginForm supportChat={settings.data?.supportChat} />
    </Page>
  );
}
