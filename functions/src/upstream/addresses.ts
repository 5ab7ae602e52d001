// Where a provider may be. An admin types a provider's URL, and a provider controls its own DNS: either
// could point our calls at the metadata server (169.254.169.254: the function's credentials), the VPC or
// the function's loopback. In production a provider is an https URL whose every address is public; on the
// emulators http and loopback are allowed too (the demo provider and the tests' providers run on
// 127.0.0.1). Pure functions here; guarded-fetch.ts applies them when it connects.
import { isIPv4, isIPv6 } from 'node:net';

/** What an address is, as far as reaching it goes: only `public` is reachable in production. */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'not-an-address';

export interface ProviderNetwork {
  /** http as well as https. */
  allowHttp: boolean;
  /** Loopback addresses (127.0.0.0/8, ::1, localhost) as well as public ones. */
  allowLoopback: boolean;
}

/** Production: https to public addresses only. */
export const PUBLIC_NETWORK: ProviderNetwork = Object.freeze({ allowHttp: false, allowLoopback: false });
/** The emulators: the local demo provider and the tests' providers too (http on 127.0.0.1). Never private ranges. */
export const EMULATOR_NETWORK: ProviderNetwork = Object.freeze({ allowHttp: true, allowLoopback: true });

export const networkFor = (usingEmulators: boolean): ProviderNetwork => (usingEmulators ? EMULATOR_NETWORK : PUBLIC_NETWORK);

type Range = readonly [base: number, prefix: number, kind: AddressKind];

// IANA's IPv4 special-purpose registry, and what is in it that a provider can never be.
const IPV4_RANGES: readonly Range[] = [
  [ipv4Number(169, 254, 169, 254), 32, 'metadata'],
  [ipv4Number(0, 0, 0, 0), 8, 'unspecified'],
  [ipv4Number(10, 0, 0, 0), 8, 'private'],
  [ipv4Number(100, 64, 0, 0), 10, 'cgnat'],
  [ipv4Number(127, 0, 0, 0), 8, 'loopback'],
  [ipv4Number(169, 254, 0, 0), 16, 'link-local'],
  [ipv4Number(172, 16, 0, 0), 12, 'private'],
  [ipv4Number(192, 0, 0, 0), 24, 'reserved'],
  [ipv4Number(192, 0, 2, 0), 24, 'reserved'],
  [ipv4Number(192, 88, 99, 0), 24, 'reserved'],
  [ipv4Number(192, 168, 0, 0), 16, 'private'],
  [ipv4Number(198, 18, 0, 0), 15, 'reserved'],
  [ipv4Number(198, 51, 100, 0), 24, 'reserved'],
  [ipv4Number(203, 0, 113, 0), 24, 'reserved'],
  [ipv4Number(224, 0, 0, 0), 4, 'multicast'],
  [ipv4Number(240, 0, 0, 0), 4, 'reserved'],
];

function ipv4Number(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

function classifyIPv4Number(n: number): AddressKind {
  for (const [base, prefix, kind] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((n & mask) >>> 0 === base) return kind;
  }
  return 'public';
}

/** Only the canonical dotted quad: `0x7f.1`, `2130706433` or `0177.0.0.1` are no address here (see the tests). */
function parseIPv4(text: string): number | null {
  if (!isIPv4(text)) return null;
  const [a, b, c, d] = text.split('.').map(Number) as [number, number, number, number];
  return ipv4Number(a, b, c, d);
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail read as two), without its zone. */
function parseIPv6(text: string): number[] | null {
  if (!isIPv6(text)) return null;
  let s = text.includes('%') ? text.slice(0, text.indexOf('%')) : text;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
}

/** An IPv6 address that carries an IPv4 one: the kind of the IPv4, or `fallback` when that is public. */
function embedded(high: number, low: number, fallback: AddressKind): AddressKind {
  const kind = classifyIPv4Number(((high << 16) >>> 0) + low);
  return kind === 'public' ? fallback : kind;
}

function classifyIPv6Groups(g: number[]): AddressKind {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zerosTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zerosTo(8)) return 'unspecified';
  if (zerosTo(7) && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) reaches the IPv4 address itself: it is what that one is.
  if (zerosTo(5) && g5 === 0xffff) return embedded(g6, g7, 'public');
  // ::a.b.c.d (compatible, deprecated) and ::ffff:0:a.b.c.d (SIIT): never a provider's, whatever they carry.
  if (zerosTo(6)) return embedded(g6, g7, 'reserved');
  if (zerosTo(4) && g4 === 0xffff && g5 === 0) return embedded(g6, g7, 'reserved');
  // 64:ff9b::/96, NAT64 of DNS64 networks: the IPv4 address it translates to decides.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embedded(g6, g7, 'public');
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  // AWS's metadata service over IPv6.
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // 6to4 carries an IPv4 address in its second and third groups.
  if (g0 === 0x2002) return embedded(g1, g2, 'reserved');
  // Outside 2000::/3 nothing is global unicast; inside it, the IETF's, documentation's and SRv6's blocks.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  if (g0 === 0x2001 && g1 < 0x200) return 'reserved';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved';
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return 'reserved';
  if (g0 === 0x5f00) return 'reserved';
  return 'public';
}

/** What an IP address (as DNS answers it: a canonical IPv4 dotted quad or any IPv6 form) is. */
export function classifyAddress(address: string): AddressKind {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIPv4(text);
  if (v4 !== null) return classifyIPv4Number(v4);
  const v6 = parseIPv6(text);
  return v6 ? classifyIPv6Groups(v6) : 'not-an-address';
}

/** Whether `address` may be connected to on `network`. */
export function isAllowedAddress(address: string, network: ProviderNetwork): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (network.allowLoopback && kind === 'loopback');
}

export type UrlProblem = 'not-a-url' | 'protocol' | 'address';

/**
 * What can be told of a provider's URL without DNS: its scheme, and its host when that is an address
 * (the URL parser turns `2130706433`, `0x7f.1` or `0177.0.0.1` into 127.0.0.1 first, as fetch would)
 * or `localhost`. A name is checked when it is resolved, at each call (guarded-fetch.ts).
 */
export function checkProviderUrl(
  url: string | URL,
  network: ProviderNetwork,
): { ok: true; hostname: string } | { ok: false; problem: UrlProblem } {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return { ok: false, problem: 'not-a-url' };
  }
  if (parsed.protocol !== 'https:' && !(network.allowHttp && parsed.protocol === 'http:')) return { ok: false, problem: 'protocol' };
  const hostname = parsed.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (hostname === '') return { ok: false, problem: 'not-a-url' };
  // RFC 6761: localhost and its subdomains are the loopback, whatever a resolver says.
  if (hostname === 'localhost' || hostname.endsWith('.localhost'))
    return network.allowLoopback ? { ok: true, hostname } : { ok: false, problem: 'address' };
  const kind = classifyAddress(hostname);
  if (kind !== 'not-an-address' && !isAllowedAddress(hostname, network)) return { ok: false, problem: 'address' };
  return { ok: true, hostname };
}
