import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the server may connect to on a user's behalf (SSRF, docs/security.md#outbound-requests).
 * Addresses are classified from their parsed bytes, never from the text: IPv6 forms that
 * embed an IPv4 address are unwrapped first, then the IANA special-purpose ranges are refused.
 */

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

const parseCidrs = (cidrs: string[]): Cidr[] => cidrs.map((cidr) => ipaddr.parseCIDR(cidr));

// IANA IPv4 special-purpose registry, plus everything that is not globally reachable unicast.
const REFUSED_IPV4 = parseCidrs([
  '0.0.0.0/8', // "this network"; Linux connects 0.0.0.0 to the local host
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // TEST-NET-1
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // TEST-NET-2
  '203.0.113.0/24', // TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes 255.255.255.255
]);

// Only global unicast (2000::/3) can be public at all; inside it these are not.
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');
const REFUSED_IPV6 = parseCidrs([
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
]);

const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(NAT64_WELL_KNOWN) || address.match(IPV4_COMPATIBLE)) {
    return ipv4FromParts(parts[6] ?? 0, parts[7] ?? 0);
  }
  if (address.match(SIX_TO_FOUR)) return ipv4FromParts(parts[1] ?? 0, parts[2] ?? 0);
  return null;
}

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return !REFUSED_IPV4.some((cidr) => address.match(cidr));
}

function isPublicIpv6(address: ipaddr.IPv6): boolean {
  // :: and ::1 sit inside the IPv4-compatible block but are not IPv4 addresses.
  if (address.match(IPV4_COMPATIBLE) && (address.parts[6] ?? 0) === 0) return false;
  const inner = embeddedIpv4(address);
  if (inner) return isPublicIpv4(inner);
  if (!address.match(GLOBAL_UNICAST_IPV6)) return false;
  return !REFUSED_IPV6.some((cidr) => address.match(cidr));
}

function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Zone ids (fe80::1%eth0) only exist on link-local addresses; refusing them is simplest.
  if (bare.includes('%') || !ipaddr.isValid(bare)) return null;
  return ipaddr.parse(bare);
}

/** True when `ip` is a globally reachable unicast address. Unparsable input is not public. */
export function isPublicAddress(ip: string): boolean {
  const address = parseAddress(ip);
  if (!address) return false;
  return address.kind() === 'ipv4'
    ? isPublicIpv4(address as ipaddr.IPv4)
    : isPublicIpv6(address as ipaddr.IPv6);
}

/** Canonical text of an address, so "::ffff:7f00:2" and "127.0.0.2" compare equal. */
export function canonicalAddress(ip: string): string | null {
  const address = parseAddress(ip);
  if (!address) return null;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address().toString();
  }
  return address.toNormalizedString();
}

export type AddressPolicy = (ip: string) => boolean;

/**
 * The policy the fetcher applies to every address it would connect to. `allowedPrivateAddresses`
 * is for tests only (e.g. ["127.0.0.2"]): exactly those resolved addresses count as public.
 */
export function createAddressPolicy(allowedPrivateAddresses: readonly string[] = []): AddressPolicy {
  const allowed = new Set(
    allowedPrivateAddresses.map((ip) => {
      const canonical = canonicalAddress(ip);
      if (canonical === null) throw new Error(`Not an IP address in the allow-list: ${ip}`);
      return canonical;
    }),
  );
  return (ip) => {
    const canonical = canonicalAddress(ip);
    return canonical !== null && (allowed.has(canonical) || isPublicAddress(ip));
  };
}
