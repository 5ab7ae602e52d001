// Which addresses a provider may be at, as a table: every special-purpose block, its IPv6 spellings,
// and the URL spellings of an address that hide what it is.
import { describe, expect, it } from 'vitest';
import {
  type AddressKind,
  checkProviderUrl,
  classifyAddress,
  EMULATOR_NETWORK,
  isAllowedAddress,
  networkFor,
  PUBLIC_NETWORK,
} from './addresses';

describe('classifyAddress', () => {
  it.each<[string, AddressKind]>([
    // Public.
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['142.250.183.68', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.169.0.1', 'public'],
    ['223.255.255.255', 'public'],
    // Loopback, unspecified, private.
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    // Link-local, and the cloud metadata servers in it (GCP, AWS, Azure) and in CGNAT space (Alibaba).
    ['169.254.169.254', 'metadata'],
    ['169.254.0.1', 'link-local'],
    ['169.254.170.2', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.100.100.200', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    // Multicast, broadcast, documentation, benchmarking, IETF.
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['192.88.99.1', 'reserved'],
  ])('IPv4 %s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each<[string, AddressKind]>([
    ['2607:f8b0:4004:c1b::65', 'public'],
    ['2a00:1450:4001:82b::200e', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv4-mapped: what the IPv4 address is, in either spelling.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', 'public'],
    // IPv4-compatible (deprecated) and SIIT: never a provider's, and what they carry when it is not public.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a9fe:a9fe', 'metadata'],
    ['::8.8.8.8', 'reserved'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:8.8.8.8', 'reserved'],
    // NAT64: the IPv4 address decides; 6to4: never public.
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:808:808::1', 'reserved'],
  ])('IPv6 %s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each([
    // Spellings getaddrinfo would take for 127.0.0.1: no address here, never a public one.
    '2130706433',
    '0x7f000001',
    '0x7f.1',
    '0177.0.0.1',
    '127.1',
    '127.0.0.01',
    '127.000.000.001',
    ' 8.8.8.8x',
    '256.1.1.1',
    '1.2.3',
    '::ffff:999.0.0.1',
    '1:2:3:4:5:6:7:8:9',
    'localhost',
    '',
  ])('%j is not an address', (text) => expect(classifyAddress(text)).toBe('not-an-address'));
});

describe('isAllowedAddress: the emulators’ allowance, both ways', () => {
  it.each([
    ['8.8.8.8', true, true],
    ['2001:4860:4860::8888', true, true],
    ['127.0.0.1', false, true],
    ['::1', false, true],
    ['::ffff:127.0.0.1', false, true],
    ['10.0.0.1', false, false],
    ['192.168.0.10', false, false],
    ['169.254.169.254', false, false],
    ['fd00:ec2::254', false, false],
    ['100.64.0.1', false, false],
    ['0.0.0.0', false, false],
    ['::', false, false],
    ['224.0.0.1', false, false],
    ['2130706433', false, false],
  ])('%s: production %s, emulators %s', (address, production, emulators) => {
    expect(isAllowedAddress(address, PUBLIC_NETWORK)).toBe(production);
    expect(isAllowedAddress(address, EMULATOR_NETWORK)).toBe(emulators);
  });

  it('the network follows the config’s usingEmulators', () => {
    expect(networkFor(false)).toEqual({ allowHttp: false, allowLoopback: false });
    expect(networkFor(true)).toEqual({ allowHttp: true, allowLoopback: true });
  });
});

describe('checkProviderUrl', () => {
  it.each([
    'https://provider.example/api/v2',
    'https://8.8.8.8/api/v2',
    'https://[2001:4860:4860::8888]:8443/api/v2',
    'https://panel.example:8443/api/v2?x=1',
  ])('production takes %s (a name is checked when resolved)', (url) => {
    expect(checkProviderUrl(url, PUBLIC_NETWORK)).toMatchObject({ ok: true });
  });

  it.each([
    ['http://provider.example/api/v2', 'protocol'],
    ['ftp://provider.example/api/v2', 'protocol'],
    ['file:///etc/passwd', 'protocol'],
    ['https://127.0.0.1/api/v2', 'address'],
    ['https://localhost/api/v2', 'address'],
    ['https://LOCALHOST./api/v2', 'address'],
    ['https://api.localhost/api/v2', 'address'],
    ['https://[::1]/api/v2', 'address'],
    ['https://[::ffff:127.0.0.1]/api/v2', 'address'],
    ['https://[::ffff:169.254.169.254]/', 'address'],
    ['https://169.254.169.254/computeMetadata/v1/', 'address'],
    ['https://[fd00:ec2::254]/', 'address'],
    ['https://10.1.2.3/api/v2', 'address'],
    ['https://0.0.0.0/api/v2', 'address'],
    // The URL parser reads these as 127.0.0.1 (as fetch would): decimal, hex, octal, short forms.
    ['https://2130706433/api/v2', 'address'],
    ['https://0x7f000001/api/v2', 'address'],
    ['https://0x7f.1/api/v2', 'address'],
    ['https://0177.0.0.1/api/v2', 'address'],
    ['https://127.1/api/v2', 'address'],
    ['https://127.0.0.1./api/v2', 'address'],
    ['https://2852039166/latest/meta-data', 'address'],
    ['not a url', 'not-a-url'],
  ])('production refuses %s (%s)', (url, problem) => {
    expect(checkProviderUrl(url, PUBLIC_NETWORK)).toEqual({ ok: false, problem });
  });

  it('the emulators take http and loopback, however spelt, and nothing private', () => {
    for (const url of ['http://127.0.0.1:4700/api/v2', 'http://localhost:4700/api/v2', 'http://[::1]:4700/', 'http://2130706433:4700/'])
      expect(checkProviderUrl(url, EMULATOR_NETWORK)).toMatchObject({ ok: true });
    for (const url of ['http://10.0.0.1/api/v2', 'http://169.254.169.254/', 'http://0xa9fea9fe/', 'http://[fe80::1]/'])
      expect(checkProviderUrl(url, EMULATOR_NETWORK)).toEqual({ ok: false, problem: 'address' });
  });
});
