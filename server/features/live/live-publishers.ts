import {
  FEED_CHANNEL,
  type FeedEvent,
  type PublishLiveEvent,
  type UserEvent,
  userChannel,
} from '../../../common/contracts/live-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Announces a feed event to every reader (the public `feed` channel). */
export type FeedPublisher = (event: FeedEvent) => Promise<void>;
/** Announces an event to one user only (their `private-user-<id>` channel). */
export type UserEventPublisher = (userId: string, event: UserEvent) => Promise<void>;

/**
 * Announces one event on several channels of one kind at once (readers' own filtered feeds, users'
 * private channels), typed from `LIVE_EVENTS` in common/contracts/live-events.ts.
 */
export type ChannelsPublisher = PublishLiveEvent;

/** Closes the user's open sockets (suspension, deletion); failures are reported, not thrown. */
export type UserSocketsCloser = (userId: string) => Promise<void>;

export interface LivePublishers {
  feed: FeedPublisher;
  user: UserEventPublisher;
  channels: ChannelsPublisher;
  closeUserSockets: UserSocketsCloser;
}

export type PublishFailureHandler = (error: unknown, channel: string, event: string) => void;

/**
 * All go through the one broadcaster, with the event's type as the Pusher event name. Events
 * go out after their write committed, so a realtime service that is down must not fail the
 * request: the failure is reported and swallowed. Readers lose nothing for good: feed events
 * carry `seq`, so the next one (or a reconnect) shows the gap and the client refetches, and
 * notifications are refetched on every reconnect.
 */
export function livePublishersFor(
  broadcaster: Broadcaster,
  onFailure: PublishFailureHandler,
): LivePublishers {
  // The one way onto the untyped broadcaster: every caller above is typed from the events map.
  const publish: ChannelsPublisher = async (channels, event, data) => {
    try {
      await broadcaster.publish(channels, event, data);
    } catch (error) {
      onFailure(error, channels.join(','), event);
    }
  };
  return {
    feed: (event) => publish([FEED_CHANNEL], event.type, event),
    user: (userId, event) => publish([userChannel(userId)], event.type, event),
    channels: publish,
    // Like an event, the account change has committed: the next API request is refused anyway.
    async closeUserSockets(userId) {
      try {
        await broadcaster.terminateUserConnections(userId);
      } catch (error) {
        onFailure(error, `users/${userId}`, 'terminate_connections');
      }
    },
  };
}
