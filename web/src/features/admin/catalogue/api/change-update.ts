import { catalogueUpdateSchema, type UpdateEntryBody, updateEntryBody } from '@shared/catalogue-updates';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { catalogueUpdatesKey } from '@/lib/catalogue-updates';
import { useRefetchingMutation } from '@/lib/refetch';

const answer = z.object({ update: catalogueUpdateSchema });

/** PATCH /api/admin/updates/{id}: hides or shows an entry of the updates feed, sets or clears its note. */
export function changeUpdate({ id, body }: { id: string; body: UpdateEntryBody }) {
  return api.patch(`/admin/updates/${encodeURIComponent(id)}`, answer, updateEntryBody.parse(body));
}

export const useChangeUpdate = () => useRefetchingMutation(changeUpdate, [catalogueUpdatesKey]);
