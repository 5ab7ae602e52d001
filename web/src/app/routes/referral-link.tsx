// /r/{code}: a customer's referral link. A visitor's device remembers the code (features/auth/referral-invite.ts) and
// opens sign-up, whose registration names the code; someone already signed in has an account and a referrer or
// none for good, so they go to their dashboard and nothing is kept. The link is replaced in the history either way:
// Back does not land on a page that only redirects.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ScreenLoading } from '@/app/screen-loading';
import { paths } from '@/config/paths';
import { rememberReferral } from '@/features/auth/referral-invite';
import { useAuth, useIsVisitor } from '@/lib/auth';

export function ReferralLinkRoute() {
  const { status } = useAuth();
  const visitor = useIsVisitor();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    // Nobody remembered on this device: sign-up at once, without waiting for Firebase to load.
    if (status === 'loading' && !visitor) return;
    if (status === 'signed-in') {
      navigate(paths.dashboard.getHref(), { replace: true });
      return;
    }
    // A code that cannot be one is not kept: sign-up opens all the same.
    rememberReferral(code);
    navigate(paths.register.getHref(), { replace: true });
  }, [status, visitor, code, navigate]);
  return <ScreenLoading />;
}
