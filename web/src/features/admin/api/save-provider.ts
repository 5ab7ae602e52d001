import {
  type CreateProviderBody,
  createProviderBody,
  providerSchema,
  type UpdateProviderBody,
  updateProviderBody,
} from '@shared/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminProvidersKey } from '@/features/admin/api/get-providers';
import { api } from '@/lib/api-client';

const providerAnswer = z.object({ provider: providerSchema });

/** POST /admin/providers: answered only once the provider's balance call succeeded. */
export function createProvider(body: CreateProviderBody) {
  return api.post('/admin/providers', providerAnswer, createProviderBody.parse(body));
}

export function updateProvider(id: string, body: UpdateProviderBody) {
  return api.patch(`/admin/providers/${encodeURIComponent(id)}`, providerAnswer, updateProviderBody.parse(body));
}

/** POST /admin/providers/{id}/check: a fresh balance and service count. */
export function checkProvider(id: string) {
  return api.post(`/admin/providers/${encodeURIComponent(id)}/check`, providerAnswer, {});
}

function useProvidersChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminProvidersKey });
}

export function useCreateProvider() {
  const changed = useProvidersChanged();
  return useMutation({ mutationFn: createProvider, onSuccess: changed });
}

export function useUpdateProvider() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProviderBody }) => updateProvider(id, body),
    onSuccess: changed,
  });
}

export function useCheckProvider() {
  const changed = useProvidersChanged();
  return useMutation({ mutationFn: checkProvider, onSuccess: changed });
}
