// The admin console's frame: a sidebar of sections on a desktop, a menu on a phone (a disclosure that
// closes on navigation), and the section below. The menu is a <details>, not a button: offline the
// admin screens sit in a disabled fieldset (RequireAdmin), which disables buttons but not a summary, so
// every section stays reachable read-only.
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_SECTIONS } from '@/app/routes/admin/sections';
import { useOverview } from '@/features/admin/reports/api/get-overview';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

function SectionLinks() {
  const overview = useOverview().data;
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_SECTIONS.map((section) => (
        <li key={section.href}>
          <NavLink to={section.href} end={section.end} className={linkClass}>
            {section.label}
            <WaitingCount count={overview ? section.waiting?.(overview) : undefined} />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** How many wait in a section (tickets waiting for our answer); nothing when none. */
function WaitingCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <>
      {' '}
      <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-bold text-amber-900 tabular-nums">
        <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
        <span className="sr-only">{`${count} waiting`}</span>
      </span>
    </>
  );
}

/** The section the path is in: the longest section path that prefixes it. */
function currentSection(pathname: string) {
  const matches = ADMIN_SECTIONS.filter((section) => pathname === section.href || pathname.startsWith(`${section.href}/`));
  return matches.sort((a, b) => b.href.length - a.href.length)[0];
}

export function AdminLayout() {
  const { pathname } = useLocation();
  // The disclosure keeps its own open state (the browser's); navigation and Escape close it.
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);

  // Close the phone menu on navigation; pathname is the trigger, not read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  // Once the console is open and the page idle, fetch every section's chunk, so a section the admin has
  // not opened yet opens offline too (the service worker keeps the admin chunks it has seen).
  useEffect(() => {
    if (!navigator.onLine) return;
    const prefetch = () => {
      for (const section of ADMIN_SECTIONS) section.load().catch(() => undefined);
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(prefetch, 2000);
    return () => clearTimeout(handle);
  }, []);

  return (
    <div className="mx-auto w-full max-w-7xl lg:flex lg:gap-2 lg:px-4">
      <aside className="hidden w-52 shrink-0 py-10 lg:block">
        <nav aria-label="Admin sections" className="sticky top-20">
          <SectionLinks />
        </nav>
      </aside>
      <details
        className="mx-4 mt-4 rounded-xl bg-white ring-1 ring-slate-200 lg:hidden"
        ref={menu}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && event.currentTarget.open) {
            event.currentTarget.open = false;
            summary.current?.focus();
          }
        }}
      >
        <summary ref={summary} className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-900">
          Admin menu <span className="font-normal text-slate-600">· {currentSection(pathname)?.label ?? 'Overview'}</span>
        </summary>
        {/* A choice closes the menu, the current section's too (no navigation happens then). */}
        <nav
          aria-label="Admin sections"
          className="px-2 pb-3"
          onClickCapture={(event) => {
            if (menu.current && event.target instanceof Element && event.target.closest('a')) menu.current.open = false;
          }}
        >
          <SectionLinks />
        </nav>
      </details>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
