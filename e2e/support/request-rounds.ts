import type { CDPSession, Page } from '@playwright/test';

/** One request of a page load, as Chromium's network domain saw it (seconds, its own clock). */
export interface SeenRequest {
  path: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, … */
  type: string;
  sentAt: number;
  finishedAt: number | null;
}

/** A request and the round trip it belongs to: 1 for the page itself, 2 for what the page names, … */
export interface RoundedRequest extends SeenRequest {
  round: number;
}

/** Resource types a page waits on; icons and the like are left out. */
const WAITED_ON = new Set(['Document', 'Script', 'Stylesheet', 'Fetch', 'XHR']);

/**
 * Opens a DevTools session on `page` that records every request it sends and when each finished,
 * with `roundTripMs` added to every answer (Chromium's network emulation). Call before `goto`.
 */
export async function recordRequests(page: Page, roundTripMs: number) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const requests = new Map<string, SeenRequest>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const type = event.type ?? 'Other';
    if (!WAITED_ON.has(type)) return;
    requests.set(event.requestId, {
      path: new URL(event.request.url).pathname,
      type,
      sentAt: event.timestamp,
      finishedAt: null,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.finishedAt = event.timestamp;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: roundTripMs,
    // No limit on bandwidth: the rounds are what is measured, not the bytes.
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return {
    /** Every request so far, each with its round. */
    rounded: () => inRounds([...requests.values()]),
    stop: () => cdp.detach(),
  };
}

/**
 * Which round trip each request belongs to: one more than the latest round among the requests
 * answered before it was sent. What a request waited on is not in the protocol (a lazy chunk's
 * initiator is the code that imported it, not the answer it was waiting for), so this takes the
 * latest answer in as its cause: an upper bound, and exact when every answer takes longer than
 * the gap between requests sent together, which the emulated round trip makes sure of.
 */
export function inRounds(requests: SeenRequest[]): RoundedRequest[] {
  const sorted = [...requests].sort((a, b) => a.sentAt - b.sentAt);
  const rounded: RoundedRequest[] = [];
  for (const request of sorted) {
    const before = rounded.filter(
      (earlier) => earlier.finishedAt !== null && earlier.finishedAt <= request.sentAt,
    );
    rounded.push({ ...request, round: 1 + Math.max(0, ...before.map((earlier) => earlier.round)) });
  }
  return rounded;
}

/** The last round in which a request of `type` was sent. */
export function lastRound(requests: RoundedRequest[], type: string): number {
  return Math.max(0, ...requests.filter((request) => request.type === type).map((r) => r.round));
}
