import { settingsBody, settingsSchema } from '@shared/schemas/top-ups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { settingsQueryKey } from '@/lib/settings';

export const updateSettingsAnswer = z.object({ message: z.string(), settings: settingsSchema });

/** Replaces the wallet accounts and the support chat link everyone sees. */
export function updateSettings(body: z.input<typeof settingsBody>) {
  return api.put('/admin/settings', updateSettingsAnswer, settingsBody.parse(body));
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (answer) => {
      // The recharge modal, contact page and dashboard read these: show the new ones at once, then refetch.
      queryClient.setQueryData(settingsQueryKey, answer.settings);
      void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    },
  });
}
