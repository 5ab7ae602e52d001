// The API v2 client for one provider. Every method makes exactly one request and answers a result
// (result.ts) instead of throwing: nothing here retries, logs or knows about money.
import { z } from 'zod';
import { API_V2_MAX_IDS } from '../shared/api-v2';
import { type ProviderNetwork, PUBLIC_NETWORK } from './addresses';
import {
  type CancelEntry,
  type PlacedOrder,
  type PlacedRefill,
  type ProviderBalance,
  type ProviderOrderStatus,
  type ProviderRefillStatus,
  type ProviderServices,
  readAdd,
  readBalance,
  readCancel,
  readMultiStatus,
  readRefill,
  readRefillStatus,
  readServices,
  readStatus,
  type StatusEntry,
} from './answers';
import { guardedFetch } from './guarded-fetch';
import type { UpstreamResult } from './result';
import { DEFAULT_TIMEOUT_MS, type FetchLike, post } from './transport';

const options = z.object({
  url: z.url({ protocol: /^https?$/ }),
  key: z.string().trim().min(1),
  timeoutMs: z.number().int().positive().max(120_000).default(DEFAULT_TIMEOUT_MS),
  /**
   * Where the provider may be (addresses.ts): public https hosts unless told otherwise; the services pass
   * the emulators' allowance from the config (workers/provider-clients.ts), tests pass EMULATOR_NETWORK.
   */
  network: z.custom<ProviderNetwork>((n) => typeof n === 'object' && n !== null).default(PUBLIC_NETWORK),
  /** A test's own fetch in place of the guarded one (which then checks nothing). */
  fetch: z.custom<FetchLike>((f) => typeof f === 'function').optional(),
});
export type ProviderClientOptions = z.input<typeof options>;

export interface AddOrder {
  service: string;
  link: string;
  quantity: number;
  /** Drip-feed: how many runs, minutes between them. */
  runs?: number;
  interval?: number;
  /** Custom comments, one per line. */
  comments?: string;
}

export interface ProviderClient {
  balance(): Promise<UpstreamResult<ProviderBalance>>;
  services(): Promise<UpstreamResult<ProviderServices>>;
  /** `refused`: not placed. `unknown`: may have been placed; never send it again by itself. */
  add(order: AddOrder): Promise<UpstreamResult<PlacedOrder>>;
  /** The single form (`order=`): a top-level `{error}` ("Incorrect order ID") is a refusal. */
  status(id: string): Promise<UpstreamResult<ProviderOrderStatus>>;
  /** The multi form (`orders=`, 1..100 ids): an entry per asked id. */
  statuses(ids: readonly string[]): Promise<UpstreamResult<Map<string, StatusEntry>>>;
  refill(id: string): Promise<UpstreamResult<PlacedRefill>>;
  refillStatus(id: string): Promise<UpstreamResult<ProviderRefillStatus>>;
  /** 1..100 ids; `accepted` is the provider taking the request, its status confirms the cancellation. */
  cancel(ids: readonly string[]): Promise<UpstreamResult<Map<string, CancelEntry>>>;
}

/** Caller's mistakes (an empty or oversized id list) throw; the provider's never do. */
function idList(ids: readonly string[]): string {
  if (ids.length === 0 || ids.length > API_V2_MAX_IDS) throw new RangeError(`between 1 and ${API_V2_MAX_IDS} ids, not ${ids.length}`);
  return ids.join(',');
}

export function createProviderClient(input: ProviderClientOptions): ProviderClient {
  const parsed = options.parse(input);
  const transport = { url: parsed.url, key: parsed.key, timeoutMs: parsed.timeoutMs, fetch: parsed.fetch ?? guardedFetch(parsed.network) };
  return {
    balance: async () => readBalance(await post(transport, 'balance')),
    services: async () => readServices(await post(transport, 'services')),
    add: async (order) =>
      readAdd(
        await post(transport, 'add', {
          service: order.service,
          link: order.link,
          quantity: order.quantity,
          runs: order.runs,
          interval: order.interval,
          comments: order.comments,
        }),
      ),
    status: async (id) => readStatus(await post(transport, 'status', { order: id })),
    statuses: async (ids) => {
      const orders = idList(ids);
      return readMultiStatus(await post(transport, 'status', { orders }), ids);
    },
    refill: async (id) => readRefill(await post(transport, 'refill', { order: id })),
    refillStatus: async (id) => readRefillStatus(await post(transport, 'refill_status', { refill: id })),
    cancel: async (ids) => {
      const orders = idList(ids);
      return readCancel(await post(transport, 'cancel', { orders }), ids);
    },
  };
}
