import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p>Boost your social media presence with reliable &amp; fast services.</p>
          {/* Said once, here: every time the app shows is Pakistan time (lib/format.ts). */}
          <p className="text-xs">Times are Pakistan time (PKT).</p>
        </div>
        <p className="flex flex-wrap gap-x-4">
          {[
            [paths.updates.getHref(), 'Updates'],
            [paths.terms.getHref(), 'Terms'],
            [paths.apiDocs.getHref(), 'API docs'],
          ].map(([to, label]) => (
            <Link
              key={label}
              to={to as string}
              className="inline-flex min-w-11 items-center justify-center font-medium text-slate-700 hover:text-slate-900 hover:underline"
            >
              {label}
            </Link>
          ))}
        </p>
        {/* The prerendered pages carry the year they were rendered in (the landing page: its build); a visitor's app
            hydrating one in a later year keeps the page's rather than rendering it all again. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Shohrat. All rights reserved.</p>
      </div>
    </footer>
  );
}
