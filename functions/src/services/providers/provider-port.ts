// What the domain needs of the providers, without knowing how they are asked (services/ never
// calls a provider). The app receives one at construction (createApp({ providers }): index.ts passes
// workers/provider-port.ts's, which asks through upstream/); the services and routes that need a
// provider's answer inside a request take it as a parameter. Each call is made outside any transaction.

import type { ProviderServiceItem } from '../../shared/providers';
import type { Order } from '../../shared/schemas/orders';
import type { Actor } from '../kernel/audit';

/** Where a provider answers and the key it takes (read from providerSecrets only to make a call). */
export interface ProviderConnection {
  url: string;
  key: string;
}

/** Why a URL is one we never call, told without DNS: not a URL, not https (http on the emulators), an address we never call. */
export type ProviderUrlProblem = 'not-a-url' | 'protocol' | 'address';

/** A sent order whose cancellation only its provider can make: what updateOrderStatus hands on (orders/cancel-at-provider.ts). */
export interface ProviderCancelRequest {
  orderId: string;
  userId: string;
  providerId: string;
  providerOrderId: string;
  /** The order as it stands (unchanged by a cancel asked upstream). */
  order: Order;
}

/** The answer to a cancel the provider accepted: the order unchanged, its refund follows its confirmation. */
export interface CancelRequestedAnswer {
  message: string;
  order: Order;
  cancelRequested: true;
}

export interface ProviderPort {
  /** What the URL tells without DNS; null when it may be called (a name is checked again at each call). */
  urlProblem(url: string): ProviderUrlProblem | null;
  /**
   * The balance the provider answers now, in the currency it names (if it names one). A refusal throws 400
   * `provider_refused` with the provider's words, no usable answer 502 `provider_unavailable`.
   */
  balance(connection: ProviderConnection): Promise<{ balance: number; currency: string | null }>;
  /** The provider's list as it answers now (entries it could not read are counted, not listed); errors as `balance`. */
  services(connection: ProviderConnection): Promise<{ services: ProviderServiceItem[]; skipped: number }>;
  /**
   * Asks the provider to cancel a sent order and records its answer on the fulfilment (audited when an admin
   * asked): the accepted answer, or throws `cancel_refused` (its refusal) / `provider_unavailable` (no answer).
   */
  cancel(request: ProviderCancelRequest, admin: Actor | undefined): Promise<CancelRequestedAnswer>;
}
