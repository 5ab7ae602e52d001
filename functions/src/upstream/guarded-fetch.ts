// The transport's fetch in the function: node:http(s) with a DNS lookup of our own, so that the address
// checked (addresses.ts) is the very address connected to. A provider whose name resolves to a public
// address for a check and to 127.0.0.1 for the connection (DNS rebinding) has nothing to exploit: there is
// one resolution per connection, and it is ours. Redirects are not followed (a 3xx is no API v2 answer,
// and would lead anywhere).
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { checkProviderUrl, isAllowedAddress, type ProviderNetwork } from './addresses';
import type { FetchLike } from './transport';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A name's addresses, as the system resolves them (tests pass their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true });

/** A provider URL or address we do not call: nothing was sent. */
export class ProviderAddressError extends Error {
  readonly code = 'ERR_PROVIDER_ADDRESS';
}

function familyOf(family: number | string | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/** net's `lookup` option: our resolution, refused unless every address is allowed (a mixed answer is a hostile one). */
export function checkedLookup(network: ProviderNetwork, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const refused = found.find((a) => !isAllowedAddress(a.address, network));
        const family = familyOf(options.family);
        const usable = found.filter((a) => family === 0 || a.family === family);
        const first = usable[0];
        if (refused || !first) {
          callback(
            new ProviderAddressError(refused ? `${hostname} resolves to an address we do not call` : `${hostname} has no address`),
            '',
          );
          return;
        }
        if (options.all)
          callback(
            null,
            usable.map((a) => ({ address: a.address, family: a.family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function headersOf(init: RequestInit['headers']): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** A fetch that reaches only what `network` allows (see the file's comment). */
export function guardedFetch(network: ProviderNetwork, resolve: Resolver = systemResolver): FetchLike {
  const lookup = checkedLookup(network, resolve);
  return (url, init) =>
    new Promise<Response>((done, fail) => {
      // An address in the URL itself is connected to without a lookup: it is checked here.
      const verdict = checkProviderUrl(url, network);
      if (!verdict.ok) {
        fail(new ProviderAddressError(`a provider URL we do not call (${verdict.problem})`));
        return;
      }
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const body = typeof init.body === 'string' ? init.body : undefined;
      const request = client.request(
        target,
        {
          method: init.method ?? 'GET',
          headers: headersOf(init.headers),
          ...(init.signal ? { signal: init.signal } : {}),
          lookup,
          // A connection of its own each time: no pooled socket outlives the check that opened it.
          agent: false,
        },
        (response) => {
          try {
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 599 || (status >= 300 && status < 400)) {
              response.destroy();
              fail(new Error(status >= 300 && status < 400 ? `a redirect (HTTP ${status})` : `HTTP status ${status}`));
              return;
            }
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            if (NULL_BODY_STATUSES.has(status)) {
              response.resume();
              done(new Response(null, { status, headers }));
              return;
            }
            done(new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, { status, headers }));
          } catch (error) {
            response.destroy();
            fail(error);
          }
        },
      );
      request.on('error', fail);
      request.end(body);
    });
}
