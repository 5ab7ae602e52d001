import { useLocation } from 'react-router-dom';

/** The router's query string, for screens that keep their choice in the URL. */
export function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}
