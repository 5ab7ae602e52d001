import { type ReactNode, useEffect } from 'react';

/** A screen: sets the document title and lays out its heading and content. */
export function Page({
  title,
  heading,
  description,
  actions,
  children,
  width = 'max-w-6xl',
}: {
  title: string;
  heading?: ReactNode;
  description?: ReactNode;
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
          <div>
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
