import type { Platform } from '../../platform/platform';
import type { InstalledRealtime } from '../../realtime/install-realtime';
import { registerRealtimeAuthRoutes } from './channel-auth.routes';
import {
  type ChannelsPublisher,
  type FeedPublisher,
  type LivePublishers,
  livePublishersFor,
  type UserEventPublisher,
} from './live-publishers';

/** Where tests send live events instead of the broadcaster, to read what readers would get. */
export interface LiveSinks {
  feed?: FeedPublisher;
  user?: UserEventPublisher;
  channels?: ChannelsPublisher;
}

/**
 * The app's side of the realtime transport: who may join which channel (the signing routes) and
 * the publishers other features reach readers' sockets through.
 */
export function liveFeature(
  platform: Platform,
  { realtime }: { realtime: InstalledRealtime },
  sinks: LiveSinks = {},
): LivePublishers {
  const { app } = platform;
  const publishers = livePublishersFor(realtime.broadcaster, (err, channel, event) =>
    app.log.error({ err, channel, event }, 'live event not published'),
  );
  platform.apiRoutes((api) => registerRealtimeAuthRoutes(api, { credentials: realtime.credentials }));
  return {
    feed: sinks.feed ?? publishers.feed,
    user: sinks.user ?? publishers.user,
    channels: sinks.channels ?? publishers.channels,
    closeUserSockets: publishers.closeUserSockets,
  };
}
