import type { Channel } from 'pusher-js';
import type { LiveChannelKind } from '../../common/contracts/live-events';
import { type LiveHandlers, liveHandlers, type RawHandlers } from './live-handlers';
import { useChannel } from './use-realtime';

/**
 * useChannel for a channel of the app's: each event's payload is checked against the events map
 * before its handler sees it (liveHandlers). `pusherEvents` are the protocol's own
 * (`pusher:subscription_succeeded`), passed through as they come.
 */
export function useLiveChannel<K extends LiveChannelKind>(
  channelName: string | null,
  kind: K,
  handlers: LiveHandlers<K>,
  pusherEvents: RawHandlers = {},
): Channel | null {
  // Only wraps the handlers: useChannel calls them when an event arrives, never during render.
  return useChannel(channelName, { ...pusherEvents, ...liveHandlers(kind, handlers) });
}
