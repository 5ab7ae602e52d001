import {
  type CreateProviderBody,
  createProviderBody,
  providerSchema,
  type UpdateProviderBody,
  updateProviderBody,
} from '@shared/providers';
import { z } from 'zod/mini';
import { startAndFollow } from '@/features/admin/providers/api/follow-worker-run';
import { adminProvidersKey } from '@/features/admin/providers/api/get-providers';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';

const providerAnswer = z.object({ provider: providerSchema });

/** POST /admin/providers: answered only once the provider's balance call succeeded. */
export function createProvider(body: CreateProviderBody) {
  return api.post('/admin/providers', providerAnswer, createProviderBody.parse(body));
}

export function updateProvider(id: string, body: UpdateProviderBody) {
  return api.patch(`/admin/providers/${encodeURIComponent(id)}`, providerAnswer, updateProviderBody.parse(body));
}

/** POST /admin/providers/{id}/check: a fresh balance and service count, asked by a worker and followed until it ends. */
export function checkProvider(id: string) {
  return startAndFollow(`/admin/providers/${encodeURIComponent(id)}/check`, providerAnswer);
}

export const useCreateProvider = () => useRefetchingMutation(createProvider, [adminProvidersKey], 'success');

export const useUpdateProvider = () =>
  useRefetchingMutation(
    ({ id, body }: { id: string; body: UpdateProviderBody }) => updateProvider(id, body),
    [adminProvidersKey],
    'success',
  );

export const useCheckProvider = () => useRefetchingMutation(checkProvider, [adminProvidersKey], 'success');
