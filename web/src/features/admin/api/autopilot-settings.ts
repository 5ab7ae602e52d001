import { type AutopilotSettings, autopilotSettingsSchema } from '@shared/wallet-autopilot';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const autopilotSettingsKey = ['admin', 'settings', 'autopilot'] as const;

const settingsAnswer = z.object({ settings: autopilotSettingsSchema });

/** GET /admin/settings/autopilot: whether matched wallet payments are credited by themselves, and the limits. */
export function useAutopilotSettings() {
  return useQuery({ queryKey: autopilotSettingsKey, queryFn: () => api.get('/admin/settings/autopilot', settingsAnswer) });
}

export function updateAutopilotSettings(body: AutopilotSettings) {
  return api.put('/admin/settings/autopilot', z.extend(settingsAnswer, { message: z.string() }), autopilotSettingsSchema.parse(body));
}

export function useUpdateAutopilotSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutopilotSettings,
    onSuccess: (answer) => queryClient.setQueryData(autopilotSettingsKey, { settings: answer.settings }),
  });
}
