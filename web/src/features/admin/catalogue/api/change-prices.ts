import { type BulkPriceBody, bulkPriceBody, priceChangeSchema } from '@shared/schemas/catalogue';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCatalogueChanged } from '@/features/admin/catalogue/api/use-catalogue-changed';
import { api } from '@/lib/api-client';

export const changePricesAnswer = z.object({ changes: z.array(priceChangeSchema), applied: z.boolean() });

/** With `dryRun` the preview (nothing written); without, the change itself. */
export function changePrices(body: BulkPriceBody) {
  return api.post('/admin/services/bulk-price', changePricesAnswer, bulkPriceBody.parse(body));
}

export function useChangePrices() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: changePrices,
    onSuccess: (answer) => {
      if (answer.applied) changed();
    },
  });
}
