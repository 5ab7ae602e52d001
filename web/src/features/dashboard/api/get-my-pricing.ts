import { myPricingSchema } from '@shared/schemas/pricing';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const myPricingKey = ['pricing', 'mine'] as const;

const myPricingAnswer = z.object({ pricing: myPricingSchema });

export function getMyPricing(signal?: AbortSignal) {
  return api.get('/pricing', myPricingAnswer, { signal }).then((answer) => answer.pricing);
}

/** The customer's own pricing (issue 34): their tier, the next one and what it needs, their own percent, the ladder. */
export function useMyPricing() {
  const { user } = useAuth();
  return useQuery({ queryKey: [...myPricingKey, user?.uid], queryFn: ({ signal }) => getMyPricing(signal) });
}
