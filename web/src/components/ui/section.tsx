import type { ReactNode } from 'react';

/**
 * A titled part of a screen: a section named by its h2 (aria-labelledby `id`), the title visible or for
 * screen readers only, with an optional line under it.
 */
export function Section({
  id,
  title,
  description,
  hideTitle = false,
  className = 'space-y-4',
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  hideTitle?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={hideTitle ? 'sr-only' : 'text-lg font-bold text-slate-900'}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {description ? (
        <div>
          {heading}
          <p className="text-sm text-slate-600">{description}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
