import type { ReactNode } from 'react';

/** A 24×24 line drawing in the text's colour; hidden from screen readers (what holds it has the name). */
export function OutlineIcon({ className, strokeWidth = '2', children }: { className: string; strokeWidth?: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={strokeWidth} aria-hidden="true">
      {children}
    </svg>
  );
}
