import { adminServicesKey } from '@/features/admin/catalogue/api/get-admin-services';
import { useInvalidate } from '@/lib/refetch';

/** After any catalogue change: the admin's lists and the customers' catalogue (['services']) refetch. */
export function useCatalogueChanged() {
  return useInvalidate(adminServicesKey, ['services']);
}
