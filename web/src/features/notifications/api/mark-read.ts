import type { MarkReadBody } from '@shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { notificationsKey } from '@/lib/unread-notifications';

/** POST /api/notifications/read `{ids}` (a click on one) or `{all: true}` (Mark all read) → 204. */
export function markRead(body: MarkReadBody) {
  return api.post('/notifications/read', z.undefined(), body);
}

/** Marks read, then the list and the bell refetch. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
