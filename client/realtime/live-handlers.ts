import {
  type LiveChannelKind,
  type LiveEventName,
  type LivePayload,
  liveEventNames,
  parseLiveEvent,
} from '../../common/contracts/live-events';

/** What a hook does with each event of a channel kind, given its payload already checked. */
export type LiveHandlers<K extends LiveChannelKind> = {
  [E in LiveEventName<K>]?: (payload: LivePayload<K, E>) => void;
};

/** Raw handlers as useChannel takes them: event name → data as the socket delivered it. */
export type RawHandlers = Record<string, (data: unknown) => void>;

/**
 * A payload that is not what the server sends (another server version, a bug, a stranger on a
 * compatible server) is dropped before it reaches the cache: seq and catch-up keep the feed
 * right, the next refetch the notifications. Development builds say so in the console.
 */
function drop(kind: LiveChannelKind, event: string, data: unknown): void {
  if (import.meta.env.DEV) console.warn(`Dropped a live ${kind} event "${event}" of the wrong shape`, data);
}

function bindOne<K extends LiveChannelKind, E extends LiveEventName<K>>(
  kind: K,
  event: E,
  handle: (payload: LivePayload<K, E>) => void,
): (data: unknown) => void {
  return (data) => {
    const payload = parseLiveEvent(kind, event, data);
    if (payload === null) drop(kind, event, data);
    else handle(payload);
  };
}

/**
 * Handlers for useChannel that check each payload against the events map
 * (common/contracts/live-events.ts) on receipt, so a handler is only ever given the type it
 * declares.
 */
export function liveHandlers<K extends LiveChannelKind>(kind: K, handlers: LiveHandlers<K>): RawHandlers {
  const bound: RawHandlers = {};
  for (const event of liveEventNames(kind)) {
    const handle = handlers[event];
    if (handle) bound[event] = bindOne(kind, event, handle);
  }
  return bound;
}
