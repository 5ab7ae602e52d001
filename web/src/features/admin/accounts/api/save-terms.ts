import { termsBody, termsSchema } from '@shared/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { termsQuery } from '@/lib/terms';

const answer = z.object({ terms: termsSchema });

/** PUT /api/admin/terms: the text as the next version; 409 `terms_outdated` when another admin saved since `baseVersion`. */
export function saveTerms(body: z.input<typeof termsBody>) {
  return api.put('/admin/terms', answer, termsBody.parse(body));
}

export function useSaveTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTerms,
    // Refused as outdated, nothing is refetched by itself: the editor keeps the admin's draft and says why.
    onSuccess: ({ terms }) => queryClient.setQueryData(termsQuery.queryKey, terms),
  });
}
