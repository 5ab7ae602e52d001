import { savedReplyBody, savedReplySchema } from '@shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { savedRepliesKey } from './get-saved-replies';

export const savedReplyAnswer = z.object({ reply: savedReplySchema });

type SavedReplyInput = z.input<typeof savedReplyBody>;

/** POST /api/admin/saved-replies → 201 {reply}; 409 conflict once the most the panel keeps are saved. */
export function createSavedReply(body: SavedReplyInput) {
  return api.post('/admin/saved-replies', savedReplyAnswer, savedReplyBody.parse(body));
}

/** PUT /api/admin/saved-replies/{id} → {reply}. */
export function updateSavedReply({ id, ...body }: SavedReplyInput & { id: string }) {
  return api.put(`/admin/saved-replies/${encodeURIComponent(id)}`, savedReplyAnswer, savedReplyBody.parse(body));
}

/** Creates without an id, changes the reply with one. */
export function useSaveSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedReplyInput & { id?: string | undefined }) =>
      id ? updateSavedReply({ id, ...body }) : createSavedReply(body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}
