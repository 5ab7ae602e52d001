// /r/{code}: a customer's referral link. A visitor's device remembers the code (features/auth/referral-invite.ts) and
// opens sign-up, whose registration names the code; someone already signed in has an account and a referrer or
// none for good, so they go to their dashboard and nothing is kept. The link is replaced in the history either way:
// Back does not land on a page that only redirects.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ScreenLoading } from '@/app/screen-loading';
import { paths } from '@/config/paths';
import { rememberReferral } from '@/features/auth/referral-invite';
import { useAuth } from '@/lib/auth';

export function ReferralLinkRoute() {
  const { status } = useAuth();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'loading') return;
    if (status === 'signed-in') {
      navigate(paths.dashboard.getHref(), { replace: true });
      return;
    }
    // A code that cannot be one is not kept: sign-up opens all the same.
    rememberReferral(code);
    navigate(paths.register.getHref(), { replace: true });
  }, [status, code, navigate]);
  return <ScreenLoading />;
}
