import { useQueryClient } from '@tanstack/react-query';
import { adminServicesKey } from '@/features/admin/api/get-admin-services';

/** After any catalogue change: the admin's lists and the customers' catalogue (['services']) refetch. */
export function useCatalogueChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminServicesKey });
    void queryClient.invalidateQueries({ queryKey: ['services'] });
  };
}
