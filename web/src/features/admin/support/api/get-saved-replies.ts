import { savedReplySchema } from '@shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const savedRepliesAnswer = z.object({ replies: z.array(savedReplySchema) });

export const savedRepliesKey = ['admin', 'saved-replies'] as const;

/** GET /api/admin/saved-replies: every saved reply (a bounded few), oldest first. */
export function getSavedReplies() {
  return api.get('/admin/saved-replies', savedRepliesAnswer).then((answer) => answer.replies);
}

export function useSavedReplies() {
  return useQuery({ queryKey: savedRepliesKey, queryFn: getSavedReplies });
}
