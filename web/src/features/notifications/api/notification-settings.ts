import { type NotificationPreferences, notificationSettingsSchema } from '@shared/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notificationsKey } from '@/lib/unread-notifications';

export const notificationSettingsKey = (uid: string | undefined) => [...notificationsKey, 'settings', uid] as const;

export function getNotificationSettings() {
  return api.get('/notifications/settings', notificationSettingsSchema);
}

/** PUT the whole preferences object → the same answer as GET. */
export function updateNotificationSettings(preferences: NotificationPreferences) {
  return api.put('/notifications/settings', notificationSettingsSchema, { preferences });
}

export function useNotificationSettings() {
  const { user } = useAuth();
  return useQuery({ queryKey: notificationSettingsKey(user?.uid), queryFn: getNotificationSettings });
}

export function useUpdateNotificationSettings() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (answer) => queryClient.setQueryData(notificationSettingsKey(user?.uid), answer),
  });
}
