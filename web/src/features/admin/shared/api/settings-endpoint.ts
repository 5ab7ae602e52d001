import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

/**
 * One section of the admin's settings at /admin/settings/{name} (admins only): GET answers
 * `{settings}`, PUT takes the whole section and answers the saved one with a message, put in the cache.
 */
export function settingsEndpoint<T>(name: string, schema: z.ZodMiniType<T>) {
  const key = ['admin', 'settings', name] as const;
  const path = `/admin/settings/${name}`;
  // Typed by hand: zod cannot tell that an object around a generic schema has its key.
  const answer = z.object({ settings: schema }) as unknown as z.ZodMiniType<{ settings: T }>;
  const savedAnswer = z.object({ settings: schema, message: z.string() }) as unknown as z.ZodMiniType<{ settings: T; message: string }>;
  const update = (body: T) => api.put(path, savedAnswer, schema.parse(body));
  const useSettings = () => useQuery({ queryKey: key, queryFn: () => api.get(path, answer) });
  const useUpdate = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: update,
      onSuccess: (saved) => queryClient.setQueryData(key, { settings: saved.settings }),
    });
  };
  return { key, update, useSettings, useUpdate };
}
