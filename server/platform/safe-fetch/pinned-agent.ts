import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import type { ResolvedAddress } from './target-check';

/**
 * An undici Agent that never asks DNS: its lookup answers only with addresses that were
 * checked for this host beforehand (target-check.ts). Host header and TLS SNI keep the
 * original name because only the socket's address lookup is replaced. Undici never calls
 * lookup for IP-literal hosts; those are checked separately before the request.
 */

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Checked addresses per lower-case host name, filled hop by hop. */
export type AddressPins = Map<string, ResolvedAddress[]>;

function notPinned(hostname: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`No checked address for ${hostname}`);
  error.code = 'ENOTFOUND';
  return error;
}

export function pinnedLookup(pins: AddressPins) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = options.family === 4 || options.family === 6 ? options.family : null;
    const addresses = (pins.get(hostname.toLowerCase()) ?? []).filter(
      (entry) => family === null || entry.family === family,
    );
    const first = addresses[0];
    if (!first) {
      callback(notPinned(hostname), '', 0);
      return;
    }
    // Node ≥ 20 asks for the array form (autoSelectFamily / happy eyeballs); honour both forms.
    if (options.all)
      callback(
        null,
        addresses.map(({ address, family: f }) => ({ address, family: f })),
      );
    else callback(null, first.address, first.family);
  };
}

export function createPinnedAgent(pins: AddressPins, timeoutMs: number): Agent {
  return new Agent({
    connect: { lookup: pinnedLookup(pins), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    // One fetch, one agent: nothing is kept alive past the fetch that checked it (the agent is
    // destroyed when the fetch ends). The request still says keep-alive, so ordinary origins do
    // not close the socket right behind the body: that close is what trips undici 7's paused-
    // parser assertion if a body is ever left unread (body-reader.ts never leaves one).
    pipelining: 1,
  });
}
