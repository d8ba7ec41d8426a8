import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import type { AddressPolicy } from './address-policy';
import { isBlockedHostName } from './blocked-hosts';
import type { FetchFailureCode } from './fetch-failure';

/**
 * The check every hop passes BEFORE a request is sent: scheme, no userinfo, a host name not on
 * the blocked list (blocked-hosts.ts), and every address the host resolves to must be public.
 * The checked addresses are what the connection is then pinned to, so a rebinding DNS server
 * gets no second question.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its A/AAAA addresses (the system resolver by default). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolveHost: ResolveHost = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Answers no name, without sending a query: for test servers that must not leave loopback. */
export const offlineResolveHost: ResolveHost = async (hostname) => {
  throw new Error(`not resolving ${hostname}: the fetcher is offline`);
};

export type TargetCheck =
  | { ok: true; hostname: string; addresses: ResolvedAddress[]; isLiteral: boolean }
  | { ok: false; code: FetchFailureCode };

export interface TargetCheckDeps {
  policy: AddressPolicy;
  resolveHost: ResolveHost;
  /** Aborted at the deadline; DNS cannot be cancelled, so the lookup is raced against it. */
  signal: AbortSignal;
}

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

function literalAddress(hostname: string): ResolvedAddress | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const family = isIP(bare);
  return family === 0 ? null : { address: bare, family: family === 6 ? 6 : 4 };
}

function raceDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  const deadline = () => new Error('Deadline reached while resolving');
  if (signal.aborted) return Promise.reject(deadline());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(deadline());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function resolveAll(hostname: string, deps: TargetCheckDeps): Promise<TargetCheck> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await raceDeadline(deps.resolveHost(hostname), deps.signal);
  } catch {
    return { ok: false, code: deps.signal.aborted ? 'timeout' : 'fetch_failed' };
  }
  if (addresses.length === 0) return { ok: false, code: 'fetch_failed' };
  // One private answer spoils the name: happy-eyeballs could pick exactly that one.
  if (!addresses.every(({ address }) => deps.policy(address)))
    return { ok: false, code: 'forbidden_address' };
  return { ok: true, hostname, addresses, isLiteral: false };
}

export async function checkTarget(url: URL, deps: TargetCheckDeps): Promise<TargetCheck> {
  if (!WEB_PROTOCOLS.has(url.protocol) || url.hostname === '') return { ok: false, code: 'invalid_url' };
  // Userinfo only exists to confuse readers of the URL ("http://a.com@127.0.0.1").
  if (url.username !== '' || url.password !== '') return { ok: false, code: 'invalid_url' };
  const literal = literalAddress(url.hostname);
  if (literal) {
    return deps.policy(literal.address)
      ? { ok: true, hostname: url.hostname, addresses: [literal], isLiteral: true }
      : { ok: false, code: 'forbidden_address' };
  }
  // Internal names are refused before DNS is asked anything about them.
  if (isBlockedHostName(url.hostname)) return { ok: false, code: 'forbidden_address' };
  return resolveAll(url.hostname, deps);
}
