// The providers panel's services sync column: when the provider's list was last synced, what was wrong
// with it (a broken list takes nothing out of sale, and says why here), how many linked services are
// under the margin threshold, and a button to sync now.
import type { Provider } from '@shared/providers';
import { Button } from '@/components/ui/button';
import { type ServiceSyncAnswer, useSyncProviderServices } from '@/features/admin/providers/api/sync-provider-services';
import { useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';
import { formatDateTime } from '@/lib/format';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a sync did, in one line for the toast. */
export function syncSummary(name: string, r: ServiceSyncAnswer): string {
  const parts = [
    `${plural(r.checked, 'service', 'services')} checked`,
    `${r.changed} changed`,
    ...(r.disabled ? [`${r.disabled} taken out of sale`] : []),
    ...(r.enabled ? [`${r.enabled} back on sale`] : []),
    ...(r.alerts ? [plural(r.alerts, 'margin alert', 'margin alerts')] : []),
  ];
  return `✅ ${name} synced: ${parts.join(', ')}`;
}

export function ProviderServicesSync({ provider }: { provider: Provider }) {
  const toasted = useToastedAction();
  const sync = useSyncProviderServices();
  const alerts = provider.marginAlerts ?? 0;
  const run = () =>
    toasted(
      () => sync.mutateAsync(provider._id),
      (answer) => syncSummary(provider.name, answer),
    );
  return (
    <span className="min-w-0 text-right sm:text-left">
      <span className="block text-sm">{provider.servicesSync ? formatDateTime(provider.servicesSync.at) : 'Never synced'}</span>
      {provider.servicesSync?.problem ? <span className="block text-xs text-red-700">{provider.servicesSync.problem}</span> : null}
      {alerts > 0 ? (
        <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">
          {plural(alerts, 'service under the margin', 'services under the margin')}
        </span>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        className="mt-1 block"
        aria-label={`Sync services of ${provider.name}`}
        loading={sync.isPending}
        onClick={() => void run()}
      >
        Sync services
      </Button>
    </span>
  );
}
