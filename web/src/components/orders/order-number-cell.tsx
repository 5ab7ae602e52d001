// An order's number in a customer's list, with Get help (a ticket about it) and, optionally, a line between.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function OrderNumberCell({ number, children }: { number: number; children?: ReactNode }) {
  return (
    <span className="text-end sm:text-start">
      <span className="block font-mono font-semibold">#{number}</span>
      {children}
      <Link
        to={paths.newTicket.getHref({ order: number })}
        className="inline-flex min-w-11 items-center text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
        aria-label={`Get help with order #${number}`}
      >
        Get help
      </Link>
    </span>
  );
}
