import type { HTMLAttributes } from 'react';

/** A card's classes, then `className`'s (a Section drawn as a card takes them). */
export const cardClass = (className = '') => `rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`;

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={cardClass(className)} {...rest} />;
}
