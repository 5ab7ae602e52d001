// The Overview's alert line about providers: any provider low on funds (or with orders waiting for
// them), and orders a provider refused (failed) or never answered for (unknown), which wait for the
// admin. Nothing shows while all is well (or before the providers load).
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useProviders } from '@/features/admin/providers/api/get-providers';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function ProviderAlerts() {
  const { items } = useProviders();
  const low = items.filter((p) => p.active && p.lowBalance);
  const failed = items.reduce((sum, p) => sum + p.orders.failed, 0);
  const unknown = items.reduce((sum, p) => sum + p.orders.unknown, 0);
  if (low.length === 0 && failed === 0 && unknown === 0) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap gap-x-4 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      {low.length > 0 ? (
        <Link to={paths.adminProviders.getHref()} className="font-medium hover:underline">
          {`Low balance: ${low.map((p) => p.name).join(', ')}`}
        </Link>
      ) : null}
      {failed > 0 ? (
        <Link to={paths.adminOrders.getHref({ fulfilment: 'failed' })} className="font-medium hover:underline">
          {`${plural(failed, 'order', 'orders')} failed at a provider`}
        </Link>
      ) : null}
      {unknown > 0 ? (
        <Link to={paths.adminOrders.getHref({ fulfilment: 'unknown' })} className="font-medium hover:underline">
          {`${plural(unknown, 'order', 'orders')} unknown at a provider`}
        </Link>
      ) : null}
    </div>
  );
}
