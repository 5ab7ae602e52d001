import { adminServicesKey } from '@/features/admin/catalogue/api/get-admin-services';
import { catalogueUpdatesKey } from '@/lib/catalogue-updates';
import { useInvalidate } from '@/lib/refetch';

/** After any catalogue change: the admin's lists, the customers' catalogue (['services']) and the updates feed refetch. */
export function useCatalogueChanged() {
  return useInvalidate(adminServicesKey, ['services'], catalogueUpdatesKey);
}
