import { type ReactNode, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { OutlineIcon } from '@/components/ui/outline-icon';
import { UnreadBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { PLACEHOLDER_NAME, useAuth } from '@/lib/auth';
import { useReadWhatIsOpen, useUnreadNotifications } from '@/lib/unread-notifications';
import { useUnreadTickets } from '@/lib/unread-tickets';

// On a desktop every link stands in one line beside the account: eleven of them, an unread count on Tickets and a
// long name (truncated) fit 1280 px only with xl:px-1.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap xl:px-1 ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

/** Tickets, with the count of our replies the customer has not read. */
function TicketsLink() {
  const unread = useUnreadTickets().data ?? 0;
  return (
    <NavLink to={paths.tickets.getHref()} className={linkClass}>
      Tickets{unread > 0 ? ' ' : null}
      <UnreadBadge count={unread} />
    </NavLink>
  );
}

/**
 * The bell: the customer's notifications, with the unread count. Outside the phone menu, so the count
 * shows on every width without opening anything.
 */
function NotificationsBell() {
  const count = useUnreadNotifications().data;
  // (The count as loaded: undefined until it is known.)
  useReadWhatIsOpen(count);
  const unread = count ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink
      to={paths.notifications.getHref()}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className={({ isActive }) =>
        `relative inline-flex size-11 items-center justify-center rounded-lg sm:size-10 ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`
      }
    >
      <OutlineIcon className="size-6">
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" strokeLinecap="round" strokeLinejoin="round" />
      </OutlineIcon>
      {unread > 0 ? (
        <span
          className="absolute -top-0.5 -end-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white tabular-nums"
          aria-hidden="true"
        >
          {shown}
        </span>
      ) : null}
    </NavLink>
  );
}

function Links({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <>
      <NavLink to={paths.dashboard.getHref()} className={linkClass}>
        Dashboard
      </NavLink>
      <NavLink to={paths.order.getHref()} className={linkClass}>
        Place Order
      </NavLink>
      <NavLink to={paths.services.getHref()} className={linkClass}>
        Services
      </NavLink>
      {isSignedIn ? (
        <NavLink to={paths.massOrder.getHref()} className={linkClass}>
          Mass Order
        </NavLink>
      ) : null}
      {isSignedIn ? (
        <NavLink to={paths.orders.getHref()} className={linkClass}>
          My Orders
        </NavLink>
      ) : null}
      {isSignedIn ? <TicketsLink /> : null}
      {isSignedIn ? (
        <NavLink to={paths.referrals.getHref()} className={linkClass}>
          Referrals
        </NavLink>
      ) : null}
      {isSignedIn ? (
        <NavLink to={paths.apiAccess.getHref()} className={linkClass}>
          API
        </NavLink>
      ) : null}
      <NavLink to={paths.contact.getHref()} className={linkClass}>
        Contact Us
      </NavLink>
      {/* The guide is a full page load (spec §2), so a plain anchor. */}
      <a href={paths.guide.getHref()} className={linkClass({ isActive: false })}>
        Blog
      </a>
      <NavLink to={paths.about.getHref()} className={linkClass}>
        About Us
      </NavLink>
    </>
  );
}

export function Navbar() {
  const { user, status, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  // Close the phone menu on navigation; pathname is the trigger, not read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  const onLogout = async () => {
    await logout();
    navigate(paths.login.getHref());
  };

  const isAdmin = user?.role === 'admin';
  const account = user ? (
    <div className="flex items-center gap-3">
      <span className={`max-w-40 truncate text-sm text-slate-700 ${isAdmin ? 'hidden sm:inline' : ''}`}>
        Welcome,{' '}
        <span className="font-semibold text-slate-900" dir="auto">
          {user.name || PLACEHOLDER_NAME}
        </span>
      </span>
      <button
        type="button"
        onClick={onLogout}
        className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-100"
      >
        Logout
      </button>
    </div>
  ) : status === 'loading' ? (
    <span className="inline-block h-9 w-20" aria-hidden="true" />
  ) : (
    <div className="flex flex-col gap-1 xl:flex-row xl:items-center">
      <NavLink to={paths.login.getHref()} className={linkClass}>
        Login
      </NavLink>
      <NavLink to={paths.register.getHref()} className={linkClass}>
        Register
      </NavLink>
    </div>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link
          to={paths.welcome.getHref()}
          className="flex min-h-11 min-w-11 shrink-0 items-center gap-2 text-lg sm:min-h-8 font-extrabold tracking-tight text-slate-900"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white" aria-hidden="true">
            S
          </span>
          {/* The admin's bar holds the console's link and Logout: on a phone the name gives them its room. */}
          <span className={isAdmin ? 'sr-only sm:not-sr-only' : undefined}>Shohrat</span>
        </Link>
        {isAdmin ? (
          // The admin's bar is the console's, the same on every width: none of a customer's links (they order
          // nothing, top up nothing), no menu of its own. The console's sections are its sidebar and, on a phone,
          // its one menu (app/routes/admin/layout.tsx).
          <div className="flex min-w-0 items-center gap-2">
            <NavLink to={paths.admin.getHref()} end className={linkClass}>
              Admin console
            </NavLink>
            {account}
          </div>
        ) : (
          <>
            <div className="hidden items-center gap-0.5 xl:flex">
              <Links isSignedIn={user !== null} />
            </div>
            <CustomerMenu user={user !== null} account={account} open={open} onToggle={() => setOpen((value) => !value)} />
          </>
        )}
      </nav>
      {open && !isAdmin ? (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 xl:hidden">
          <div className="flex flex-col gap-1">
            <Links isSignedIn={user !== null} />
          </div>
          <div className="mt-3 border-t border-slate-100 pt-3">{account}</div>
        </div>
      ) : null}
    </header>
  );
}

/** The bell, the account (a wide screen) and the phone's menu button: a visitor's or a customer's. */
function CustomerMenu({ user, account, open, onToggle }: { user: boolean; account: ReactNode; open: boolean; onToggle: () => void }) {
  // On a phone the links hide behind the menu button: it carries the unread replies' mark too.
  const unread = useUnreadTickets().data ?? 0;
  return (
    <div className="flex items-center gap-2">
      {user ? <NotificationsBell /> : null}
      <div className="hidden xl:block">{account}</div>
      <button
        type="button"
        className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 xl:hidden"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={`${open ? 'Close menu' : 'Open menu'}${user && unread > 0 ? ` (${unread} unread ${unread === 1 ? 'reply' : 'replies'})` : ''}`}
        onClick={onToggle}
      >
        <OutlineIcon className="size-6">
          {open ? <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
        </OutlineIcon>
        {user && unread > 0 ? <span className="absolute top-1 end-1 size-2.5 rounded-full bg-red-600" aria-hidden="true" /> : null}
      </button>
    </div>
  );
}
