import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

/**
 * A screen: sets the document title and lays out its heading and content. `back` puts a link to the
 * screen it was opened from (a list, for one of its items) where the description goes; `action` a link beside the
 * heading, as a button (`actions` for anything else there).
 */
export function Page({
  title,
  heading,
  back,
  description = back ? (
    <Link to={back.to} className="inline-flex items-center text-brand-700 underline-offset-2 hover:underline">
      {`← ${back.label}`}
    </Link>
  ) : undefined,
  action,
  actions = action ? (
    <Link to={action.href} className={buttonClass({ size: 'sm' })}>
      {action.label}
    </Link>
  ) : undefined,
  children,
  width = 'max-w-6xl',
}: {
  title: string;
  heading?: ReactNode;
  back?: { to: string; label: string };
  description?: ReactNode;
  action?: { label: string; href: string };
  actions?: ReactNode;
  children: ReactNode;
  width?: string;
}) {
  useEffect(() => {
    document.title = `${title} · Shohrat`;
  }, [title]);
  return (
    <div className={`mx-auto w-full ${width} px-4 py-6 sm:py-10`}>
      {heading ? (
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
            {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      {children}
    </div>
  );
}
