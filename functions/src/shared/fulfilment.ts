// Where an order stands with its provider (decision record 0008): shared by the schemas and the function.

/**
 * Where an order stands with its provider: `manual` (its service is not linked: the admin carries it
 * by hand), `queued` (due upstream), `sending` (claimed under a lease, `add` under way), `sent` (the
 * provider's order id is known), `failed` (the provider refused: nothing placed), `unknown` (no usable
 * answer: the provider may have placed it; never sent again except by an admin's Resend).
 */
export const FULFILMENT_STATES = ['manual', 'queued', 'sending', 'sent', 'failed', 'unknown'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/**
 * A cancellation asked of the provider for a sent order (the refund waits for its status to say
 * Canceled/Refunded): `requested` (it accepted the request), `refused` (it said no: the order goes on),
 * `unknown` (no usable answer: the admin may ask again).
 */
export const UPSTREAM_CANCEL_STATES = ['requested', 'refused', 'unknown'] as const;
export type UpstreamCancelState = (typeof UPSTREAM_CANCEL_STATES)[number];

/**
 * Where a refill of a provider order stands upstream: `queued` (due to be asked), `sending` (claimed,
 * `refill` under way), `sent` (the provider's refill id is known: its refill_status decides), `failed`
 * (refused), `unknown` (no usable answer: never asked again by itself).
 */
export const REFILL_UPSTREAM_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown'] as const;
export type RefillUpstreamState = (typeof REFILL_UPSTREAM_STATES)[number];
