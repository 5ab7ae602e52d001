import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The way back from a customer's list page (the statement, My Orders) to their dashboard. */
export function BackToDashboard() {
  return (
    <p className="text-sm text-slate-600">
      <Link to={paths.dashboard.getHref()} className="inline-flex items-center font-medium text-brand-700 hover:underline">
        Back to the dashboard
      </Link>
    </p>
  );
}
