/**
 * Host names refused by name, before any DNS question: names that only mean something inside a
 * machine, a home or company network, a cluster or a cloud (metadata.google.internal), or that
 * no public resolver should answer. Refusing them by name does not rely on how a resolver
 * inside the network answers them. Listed in the README.
 */

/** A host equal to one of these, or ending in "." + one of these, is refused. */
export const BLOCKED_HOST_SUFFIXES: readonly string[] = [
  'localhost', // RFC 6761: always this machine
  'local', // mDNS (RFC 6762), and Kubernetes' cluster.local
  'localdomain',
  'internal', // cloud metadata (metadata.google.internal), private use (ICANN 2024)
  'intranet',
  'private',
  'corp',
  'home',
  'lan',
  'arpa', // home.arpa (RFC 8375) and reverse-lookup names
  'onion', // RFC 7686: Tor only
  'svc', // Kubernetes services (name.namespace.svc)
  'invalid', // RFC 6761: never resolves
];

/**
 * True when `hostname` (as URL parsing gives it: lower case, punycode) is refused by name: a
 * single label such as `metadata` or `intranet` (resolved through the local search domains),
 * or a name under one of BLOCKED_HOST_SUFFIXES. Trailing dots are ignored. IP literals are
 * not names and are left to the address policy.
 */
export function isBlockedHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (!name.includes('.')) return true;
  return BLOCKED_HOST_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}
