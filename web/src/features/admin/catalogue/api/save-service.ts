import { serviceSchema } from '@shared/answers';
import { type CreateServiceBody, createServiceBody, type UpdateServiceBody, updateServiceBody } from '@shared/schemas/catalogue';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCatalogueChanged } from '@/features/admin/catalogue/api/use-catalogue-changed';
import { api } from '@/lib/api-client';

export const serviceAnswer = z.object({ service: serviceSchema });

/** POST /admin/services (with the form's Idempotency-Key: a double submit creates one service). */
export function createService(body: CreateServiceBody, idempotencyKey: string) {
  return api.post('/admin/services', serviceAnswer, createServiceBody.parse(body), { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** PATCH /admin/services/{id}: only the fields sent change. */
export function updateService(id: string, body: UpdateServiceBody) {
  return api.patch(`/admin/services/${encodeURIComponent(id)}`, serviceAnswer, updateServiceBody.parse(body));
}

export function useCreateService() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateServiceBody; idempotencyKey: string }) => createService(body, idempotencyKey),
    onSuccess: changed,
  });
}

export function useUpdateService() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateServiceBody }) => updateService(id, body),
    onSuccess: changed,
  });
}
