import { type ImportServicesBody, importServicesBody } from '@shared/providers';
import { adminServiceSchema } from '@shared/schemas/catalogue';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCatalogueChanged } from '@/features/admin/catalogue/api/use-catalogue-changed';
import { api } from '@/lib/api-client';

const importAnswer = z.object({ services: z.array(adminServiceSchema) });

/** POST /admin/services/import with the dialog's Idempotency-Key: a double submit imports once. */
export function importServices(body: ImportServicesBody, idempotencyKey: string) {
  return api.post('/admin/services/import', importAnswer, importServicesBody.parse(body), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useImportServices() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ImportServicesBody; idempotencyKey: string }) => importServices(body, idempotencyKey),
    onSuccess: changed,
  });
}
