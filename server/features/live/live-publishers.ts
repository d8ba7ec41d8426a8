import { FEED_CHANNEL, type FeedEvent, userChannel } from '../../../common/contracts/feed-events';
import type { UserEvent } from '../../../common/contracts/notifications';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Announces a feed event to every reader (the public `feed` channel). */
export type FeedPublisher = (event: FeedEvent) => Promise<void>;
/** Announces an event to one user only (their `private-user-<id>` channel). */
export type UserEventPublisher = (userId: string, event: UserEvent) => Promise<void>;

/** Announces one event on several channels at once (readers' own filtered feeds). */
export type ChannelsPublisher = (channels: string[], event: string, data: unknown) => Promise<void>;

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
  const publish = async (channel: string | string[], event: string, data: unknown) => {
    try {
      await broadcaster.publish(channel, event, data);
    } catch (error) {
      onFailure(error, Array.isArray(channel) ? channel.join(',') : channel, event);
    }
  };
  return {
    feed: (event) => publish(FEED_CHANNEL, event.type, event),
    user: (userId, event) => publish(userChannel(userId), event.type, event),
    channels: (channels, event, data) => publish(channels, event, data),
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
