import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';

/**
 * What a route shows for the item its URL names (`:id` in /tickets/:id), keyed by it: opening another
 * item starts afresh rather than carry over the last one's state.
 */
export function ByParam({ name, children }: { name: string; children: (value: string) => ReactNode }) {
  const value = useParams()[name] ?? '';
  return <Fragment key={value}>{children(value)}</Fragment>;
}
