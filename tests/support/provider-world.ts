// The world of the workers' emulator tests: the demo provider on a free port, a funded customer
// (with an API key when asked) and an admin, the provider written straight to Firestore and our services
// linked to its service 101; and orders of views placed, and sent, there.
import { afterAll, beforeAll, expect } from 'vitest';
import type { ProviderDoc } from '../../functions/src/services/providers/provider-store';
import { type ForwardDeps, forwardOrder } from '../../functions/src/workers/forward';
import { type DemoProvider, type DemoProviderOptions, startDemoProvider } from '../../scripts/lib/demo-provider';
import { createApiKeyFor, createUser, fund, type TestUser } from './api';
import { placeOrder } from './orders';
import { addProvider, fulfilmentOf, linkService } from './providers';

export interface ProviderWorld {
  sim: DemoProvider;
  customer: TestUser;
  admin: TestUser;
  /** The customer's API v2 key ('' unless `apiKey` was asked for). */
  apiKey: string;
}

export interface ProviderWorldOptions {
  key: string;
  providerId: string;
  /** Rupees on the customer's balance. */
  funds: number;
  /** Our services linked to the provider's service 101. */
  links: readonly string[];
  /** Cost per 1000 in the provider's currency (0.95 unless given). */
  cost?: number;
  apiKey?: boolean;
  /** More of the simulator's options (its balance is 1000.00 unless given). */
  demo?: Partial<DemoProviderOptions>;
  /** More of the provider document's fields (a function: read when the world starts). */
  provider?: Partial<ProviderDoc> | (() => Partial<ProviderDoc>);
}

/** Starts the simulator and writes the rest; the caller closes `sim`. */
export async function startProviderWorld(apiUrl: string, options: ProviderWorldOptions): Promise<ProviderWorld> {
  const sim = await startDemoProvider({ key: options.key, balance: '1000.00', ...options.demo });
  const customer = await createUser();
  const admin = await createUser({ admin: true });
  await fund(customer, options.funds);
  const apiKey = options.apiKey ? await createApiKeyFor(apiUrl, customer) : '';
  const fields = typeof options.provider === 'function' ? options.provider() : options.provider;
  await addProvider(options.providerId, sim.url, options.key, fields);
  for (const serviceId of options.links) await linkService(serviceId, options.providerId, '101', options.cost ?? 0.95);
  return { sim, customer, admin, apiKey };
}

/** The file's world, there from its first test (started after `api`, the simulator closed after the file). */
export function providerWorldForFile(api: { readonly url: string }, options: ProviderWorldOptions): ProviderWorld {
  const world = {} as ProviderWorld;
  beforeAll(async () => {
    Object.assign(world, await startProviderWorld(api.url, options));
  });
  afterAll(async () => {
    await world.sim?.close();
  });
  return world;
}

let linkCounter = 0;

/** 1000 views (tt-views-fast) of a new link under @`tag`, placed by the world's customer. */
export async function placeViews(api: { readonly url: string }, world: ProviderWorld, tag: string): Promise<{ id: string; link: string }> {
  const link = `https://tiktok.com/@${tag}/video/${Date.now()}${++linkCounter}`;
  const placed = await placeOrder(api.url, world.customer, { serviceId: 'tt-views-fast', link, quantity: 1000 });
  return { id: placed.order._id as string, link };
}

/** Those views sent to the simulator by the forwarding worker: with the provider's order id. */
export async function sentViews(api: { readonly url: string }, world: ProviderWorld, tag: string, deps: ForwardDeps) {
  const placed = await placeViews(api, world, tag);
  expect((await forwardOrder(placed.id, deps)).kind).toBe('sent');
  return { ...placed, providerOrderId: Number((await fulfilmentOf(placed.id)).providerOrderId) };
}
