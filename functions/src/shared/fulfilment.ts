// Where an order stands with its provider (decision record 0008): shared by the schemas and the function.

/**
 * Where an order stands with its provider: `manual` (its service is not linked: the admin carries it
 * by hand), `queued` (due upstream), `sending` (claimed under a lease, `add` under way), `sent` (the
 * provider's order id is known), `failed` (the provider refused: nothing placed), `unknown` (no usable
 * answer: the provider may have placed it; never sent again except by an admin's Resend).
 */
export const FULFILMENT_STATES = ['manual', 'queued', 'sending', 'sent', 'failed', 'unknown'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
