import { categoryOrderSchema } from '@shared/answers';
import type { Platform } from '@shared/platforms';
import { adminServiceSchema } from '@shared/schemas/catalogue';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

/** Every admin catalogue query starts with this: a change invalidates them all. */
export const adminServicesKey = ['admin', 'services'] as const;

// One answer, not pages: the catalogue is read whole (inactive services too), with each one's provider
// link, margin alert and the sync's hold when there is one.
export const adminServicesAnswer = z.object({ services: z.array(adminServiceSchema), categories: categoryOrderSchema });
export type AdminServices = z.infer<typeof adminServicesAnswer>;

export interface AdminServicesFilter {
  platform?: Platform | undefined;
  category?: string | undefined;
  active?: 'true' | 'false' | undefined;
}

export function getAdminServices(filter: AdminServicesFilter = {}) {
  return api.get('/admin/services', adminServicesAnswer, { params: { ...filter } });
}

export function useAdminServices(filter: AdminServicesFilter = {}) {
  return useQuery({ queryKey: [...adminServicesKey, filter], queryFn: () => getAdminServices(filter) });
}
