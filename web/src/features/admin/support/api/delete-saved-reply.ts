import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { savedRepliesKey } from './get-saved-replies';

/** DELETE /api/admin/saved-replies/{id} → 204. */
export function deleteSavedReply(id: string) {
  return api.delete(`/admin/saved-replies/${encodeURIComponent(id)}`, z.undefined());
}

export function useDeleteSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSavedReply, onSettled: () => void queryClient.invalidateQueries({ queryKey: savedRepliesKey }) });
}
