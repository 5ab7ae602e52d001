import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A function that marks the queries under these keys stale, so those on screen refetch. */
export function useInvalidate(...keys: readonly QueryKey[]): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/**
 * A mutation after which the queries under `keys` refetch: once it settled (whether it worked or not:
 * a refusal usually means the data moved meanwhile), or with `when: 'success'` only after it worked.
 */
export function useRefetchingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  keys: readonly QueryKey[],
  when: 'settled' | 'success' = 'settled',
) {
  const invalidate = useInvalidate(...keys);
  return useMutation(when === 'success' ? { mutationFn, onSuccess: invalidate } : { mutationFn, onSettled: invalidate });
}
