import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCatalogueChanged } from '@/features/admin/catalogue/api/use-catalogue-changed';
import { api } from '@/lib/api-client';

/** 204 on success; 409 `service_in_use` while any order uses the service. */
export function deleteService(id: string) {
  return api.delete(`/admin/services/${encodeURIComponent(id)}`, z.undefined());
}

export function useDeleteService() {
  const changed = useCatalogueChanged();
  return useMutation({ mutationFn: deleteService, onSuccess: changed });
}
