import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <Page title="Page not found" width="max-w-xl">
      <div className="py-16 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link to={paths.home.getHref()} className={`${buttonClass()} mt-6`}>
          Go to the home page
        </Link>
      </div>
    </Page>
  );
}
