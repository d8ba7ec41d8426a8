import { describe, expect, it } from 'vitest';
import { canonicalAddress, createAddressPolicy, isPublicAddress } from './address-policy';

// [range, first address, last address, the public neighbour just below, just above]
const IPV4_RANGES: [string, string, string, string | null, string | null][] = [
  ['0.0.0.0/8', '0.0.0.0', '0.255.255.255', null, '1.0.0.0'],
  ['10.0.0.0/8', '10.0.0.0', '10.255.255.255', '9.255.255.255', '11.0.0.0'],
  ['100.64.0.0/10', '100.64.0.0', '100.127.255.255', '100.63.255.255', '100.128.0.0'],
  ['127.0.0.0/8', '127.0.0.0', '127.255.255.255', '126.255.255.255', '128.0.0.0'],
  ['169.254.0.0/16', '169.254.0.0', '169.254.255.255', '169.253.255.255', '169.255.0.0'],
  ['172.16.0.0/12', '172.16.0.0', '172.31.255.255', '172.15.255.255', '172.32.0.0'],
  ['192.0.0.0/24', '192.0.0.0', '192.0.0.255', '191.255.255.255', '192.0.1.0'],
  ['192.0.2.0/24', '192.0.2.0', '192.0.2.255', '192.0.1.255', '192.0.3.0'],
  ['192.88.99.0/24', '192.88.99.0', '192.88.99.255', '192.88.98.255', '192.88.100.0'],
  ['192.168.0.0/16', '192.168.0.0', '192.168.255.255', '192.167.255.255', '192.169.0.0'],
  ['198.18.0.0/15', '198.18.0.0', '198.19.255.255', '198.17.255.255', '198.20.0.0'],
  ['198.51.100.0/24', '198.51.100.0', '198.51.100.255', '198.51.99.255', '198.51.101.0'],
  ['203.0.113.0/24', '203.0.113.0', '203.0.113.255', '203.0.112.255', '203.0.114.0'],
  ['224.0.0.0/4', '224.0.0.0', '239.255.255.255', '223.255.255.255', null],
  ['240.0.0.0/4 + broadcast', '240.0.0.0', '255.255.255.255', null, null],
];

const IPV6_REFUSED: [string, string[]][] = [
  ['unspecified', ['::', '0:0:0:0:0:0:0:0']],
  ['loopback', ['::1', '0000::1', '0:0:0:0:0:0:0:1']],
  ['IPv4-mapped private', ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254']],
  ['IPv4-compatible private', ['::127.0.0.1', '::7f00:1', '::a00:1']],
  ['SIIT ::ffff:0:0:0/96', ['::ffff:0:8.8.8.8', '::ffff:0:7f00:1']],
  ['NAT64 64:ff9b::/96 private', ['64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe']],
  [
    'NAT64 local-use 64:ff9b:1::/48',
    ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '64:ff9b:1::808:808'],
  ],
  ['6to4 private', ['2002:7f00:1::', '2002:a9fe:a9fe::1', '2002:c0a8:101::1']],
  [
    'Teredo 2001::/32',
    ['2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ],
  ['IETF 2001::/23', ['2001:2::1', '2001:10::1', '2001:20::1', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['documentation 2001:db8::/32', ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['documentation 3fff::/20', ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['discard 100::/64', ['100::', '100::ffff:ffff:ffff:ffff']],
  ['SRv6 5f00::/16', ['5f00::1']],
  ['ULA fc00::/7', ['fc00::', 'fd00:ec2::254', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['link-local fe80::/10', ['fe80::', 'fe80::1', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['site-local fec0::/10', ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['multicast ff00::/8', ['ff00::', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['zone id', ['fe80::1%eth0', '2606:4700::1%1']],
];

const IPV6_PUBLIC = [
  '2606:4700:4700::1111',
  '2a00:1450:4001:81b::200e',
  '2001:200::1', // first address after 2001::/23
  '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', // just below 2001:db8::/32
  '2001:db9::1', // just above
  '2000::1', // first of 2000::/3
  '3ffe:ffff::1', // below 3fff::/20
  '3fff:1000::1', // just above 3fff::/20
  '::ffff:8.8.8.8', // mapped public
  '64:ff9b::808:808', // NAT64 of 8.8.8.8
  '2002:808:808::1', // 6to4 of 8.8.8.8
  '[2606:4700:4700::1111]',
];

describe('isPublicAddress', () => {
  describe.each(IPV4_RANGES)('IPv4 %s', (_range, first, last, below, above) => {
    it('refuses the first and last address', () => {
      expect(isPublicAddress(first)).toBe(false);
      expect(isPublicAddress(last)).toBe(false);
    });
    it('accepts the neighbours outside the range', () => {
      for (const neighbour of [below, above]) {
        if (neighbour !== null && !IPV4_RANGES.some(([, f]) => f === neighbour)) {
          expect(isPublicAddress(neighbour)).toBe(true);
        }
      }
    });
  });

  it.each(['1.1.1.1', '8.8.8.8', '93.184.216.34', '151.101.1.69'])('accepts public IPv4 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each(IPV6_REFUSED)('refuses IPv6 %s', (_name, addresses) => {
    for (const ip of addresses) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it.each(IPV6_PUBLIC)('accepts public IPv6 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('classifies bytes, not spellings', () => {
    for (const ip of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it.each(['', 'localhost', 'example.com', '1.2.3.4.5', '::g', '999.1.1.1'])(
    'refuses non-addresses %j',
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
});

describe('createAddressPolicy', () => {
  it('refuses private addresses by default', () => {
    const policy = createAddressPolicy();
    expect(policy('127.0.0.2')).toBe(false);
    expect(policy('8.8.8.8')).toBe(true);
  });

  it('treats exactly the allow-listed addresses as public, in any spelling', () => {
    const policy = createAddressPolicy(['127.0.0.2']);
    expect(policy('127.0.0.2')).toBe(true);
    expect(policy('::ffff:127.0.0.2')).toBe(true);
    expect(policy('::ffff:7f00:2')).toBe(true);
    expect(policy('127.0.0.1')).toBe(false);
    expect(policy('127.0.0.3')).toBe(false);
    expect(policy('::1')).toBe(false);
  });

  it('rejects an allow-list entry that is not an address', () => {
    expect(() => createAddressPolicy(['127.0.0.0/8'])).toThrow();
    expect(() => createAddressPolicy(['localhost'])).toThrow();
  });

  it('canonicalises mapped addresses to IPv4', () => {
    expect(canonicalAddress('::ffff:7f00:2')).toBe('127.0.0.2');
    expect(canonicalAddress('[::1]')).toBe('0:0:0:0:0:0:0:1');
  });
});
