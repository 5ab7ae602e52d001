// The guarded fetch against local servers: the address checked is the address connected to (our own
// lookup, once per connection), production reaches no loopback however the URL or DNS puts it, the
// emulators' allowance works, and a redirect leads nowhere.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DemoProvider, startDemoProvider } from '../../../scripts/lib/demo-provider';
import { PROVIDER_MESSAGES } from '../shared/providers';
import { EMULATOR_NETWORK, type ProviderNetwork, PUBLIC_NETWORK } from './addresses';
import { createProviderClient } from './client';
import { checkedLookup, guardedFetch, ProviderAddressError, type ResolvedAddress } from './guarded-fetch';

const KEY = 'guarded-fetch-key-0001';
let sim: DemoProvider;
let port: number;

beforeEach(async () => {
  sim = await startDemoProvider({ key: KEY });
  port = Number(new URL(sim.url).port);
});

afterEach(async () => {
  await sim.close();
});

const form = new URLSearchParams({ key: KEY, action: 'balance' }).toString();
const post = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form };
/** http allowed but loopback not: the production rule for addresses, over the tests' plain-http server. */
const PUBLIC_OVER_HTTP: ProviderNetwork = { allowHttp: true, allowLoopback: false };

/** A resolver that answers `addresses` for any name, and counts its calls. */
function resolverOf(...addresses: string[]) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('guardedFetch', () => {
  it('on the emulators reaches the local provider', async () => {
    const res = await guardedFetch(EMULATOR_NETWORK)(sim.url, post);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ balance: '100.00', currency: 'USD' });
  });

  it('in production refuses loopback in the URL, however spelt, before any connection', async () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', 'localhost', '[::1]']) {
      await expect(guardedFetch(PUBLIC_OVER_HTTP)(`http://${host}:${port}/api/v2`, post)).rejects.toBeInstanceOf(ProviderAddressError);
    }
    await expect(guardedFetch(PUBLIC_NETWORK)(sim.url, post)).rejects.toBeInstanceOf(ProviderAddressError);
    expect(sim.requests).toHaveLength(0);
  });

  it('a name that resolves to loopback is refused at the lookup: nothing is sent', async () => {
    const dns = resolverOf('127.0.0.1');
    await expect(guardedFetch(PUBLIC_OVER_HTTP, dns.resolve)(`http://provider.test:${port}/api/v2`, post)).rejects.toThrow();
    expect(dns.calls).toEqual(['provider.test']);
    expect(sim.requests).toHaveLength(0);
  });

  it('a name with a public and a private address is refused (a mixed answer is a hostile one)', async () => {
    const dns = resolverOf('8.8.8.8', '127.0.0.1');
    await expect(guardedFetch(PUBLIC_OVER_HTTP, dns.resolve)(`http://provider.test:${port}/api/v2`, post)).rejects.toThrow();
    expect(sim.requests).toHaveLength(0);
  });

  it('connects to the address it checked: one resolution per connection, and it is ours', async () => {
    // provider.test resolves nowhere else: reaching the simulator means the checked answer was used.
    const dns = resolverOf('127.0.0.1');
    const res = await guardedFetch(EMULATOR_NETWORK, dns.resolve)(`http://provider.test:${port}/api/v2`, post);
    expect(await res.json()).toMatchObject({ balance: '100.00' });
    expect(dns.calls).toEqual(['provider.test']);
    expect(sim.requests.map((r) => r.action)).toEqual(['balance']);
  });

  describe('a redirect', () => {
    let server: Server;
    let url: string;
    beforeEach(async () => {
      server = createServer((_req, res) => res.writeHead(302, { Location: sim.url }).end('{"balance": "1"}'));
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
    });
    afterEach(async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    });

    it('is not followed, and is no answer', async () => {
      await expect(guardedFetch(EMULATOR_NETWORK)(url, post)).rejects.toThrow(/redirect/);
      const client = createProviderClient({ url, key: KEY, timeoutMs: 1000, network: EMULATOR_NETWORK });
      expect(await client.balance()).toMatchObject({ ok: false, kind: 'unknown', reason: PROVIDER_MESSAGES.noUsableAnswer });
      expect(sim.requests).toHaveLength(0);
    });
  });
});

describe('the client’s default is production’s', () => {
  it('a client given no network reaches no loopback: unknown, the one text, nothing sent', async () => {
    const client = createProviderClient({ url: sim.url, key: KEY, timeoutMs: 1000 });
    const result = await client.add({ service: '101', link: 'https://instagram.com/p/x', quantity: 100 });
    expect(result).toMatchObject({ ok: false, kind: 'unknown', reason: PROVIDER_MESSAGES.noUsableAnswer });
    expect(!result.ok && result.kind === 'unknown' && result.detail).toMatch(/ERR_PROVIDER_ADDRESS|we do not call/);
    expect(sim.requests).toHaveLength(0);
  });
});

describe('checkedLookup', () => {
  const ask = (lookup: ReturnType<typeof checkedLookup>, options: Parameters<ReturnType<typeof checkedLookup>>[1]) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((done) =>
      lookup('provider.test', options, (error, address, family) => done({ error, address, ...(family !== undefined ? { family } : {}) })),
    );

  it('answers net’s both forms (one address, or all for happy eyeballs), by family when asked', async () => {
    const dns = resolverOf('8.8.8.8', '2001:4860:4860::8888');
    const lookup = checkedLookup(PUBLIC_NETWORK, dns.resolve);
    expect(await ask(lookup, {})).toEqual({ error: null, address: '8.8.8.8', family: 4 });
    expect(await ask(lookup, { family: 6 })).toEqual({ error: null, address: '2001:4860:4860::8888', family: 6 });
    expect(await ask(lookup, { all: true })).toEqual({
      error: null,
      address: [
        { address: '8.8.8.8', family: 4 },
        { address: '2001:4860:4860::8888', family: 6 },
      ],
    });
  });

  it.each([['169.254.169.254'], ['fd00:ec2::254'], ['::ffff:10.0.0.1'], ['100.100.100.200']])(
    'refuses a name that resolves to %s, on the emulators too',
    async (address) => {
      for (const network of [PUBLIC_NETWORK, EMULATOR_NETWORK]) {
        const { error } = await ask(checkedLookup(network, resolverOf(address).resolve), {});
        expect(error).toBeInstanceOf(ProviderAddressError);
      }
    },
  );

  it('a name without an address, or a failed resolution, is an error', async () => {
    expect((await ask(checkedLookup(PUBLIC_NETWORK, resolverOf().resolve), {})).error).toBeInstanceOf(ProviderAddressError);
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND provider.test'), { code: 'ENOTFOUND' });
    };
    expect((await ask(checkedLookup(PUBLIC_NETWORK, failing), {})).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
