import { type ForwardingSettings, forwardingSettingsSchema } from '@shared/providers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const forwardingSettingsKey = ['admin', 'settings', 'forwarding'] as const;

const settingsAnswer = z.object({ settings: forwardingSettingsSchema });

/** GET /admin/settings/forwarding: the margin alert and the automatic refund of failed orders (admins only). */
export function useForwardingSettings() {
  return useQuery({ queryKey: forwardingSettingsKey, queryFn: () => api.get('/admin/settings/forwarding', settingsAnswer) });
}

export function updateForwardingSettings(body: ForwardingSettings) {
  return api.put('/admin/settings/forwarding', z.extend(settingsAnswer, { message: z.string() }), forwardingSettingsSchema.parse(body));
}

export function useUpdateForwardingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateForwardingSettings,
    onSuccess: (answer) => queryClient.setQueryData(forwardingSettingsKey, { settings: answer.settings }),
  });
}
