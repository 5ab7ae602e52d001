// The terms in force, read by /terms, by sign-up (their version is recorded with the profile) and by the admin's editor.
import { termsSchema } from '@shared/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

const termsAnswer = z.object({ terms: termsSchema });

/** GET /api/terms: the version in force. */
export const termsQuery = queryOptions({
  queryKey: ['terms'],
  queryFn: () => api.get('/terms', termsAnswer).then((answer) => answer.terms),
  staleTime: 0,
});

export const useTerms = () => useQuery(termsQuery);
