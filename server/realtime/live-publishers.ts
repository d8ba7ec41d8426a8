import { FEED_CHANNEL, type FeedEvent, userChannel } from '../../common/contracts/feed-events';
import type { UserEvent } from '../../common/contracts/notifications';
import type { Broadcaster } from './broadcaster';

/** Announces a feed event to every reader (the public `feed` channel). */
export type FeedPublisher = (event: FeedEvent) => Promise<void>;
/** Announces an event to one user only (their `private-user-<id>` channel). */
export type UserEventPublisher = (userId: string, event: UserEvent) => Promise<void>;

export interface LivePublishers {
  feed: FeedPublisher;
  user: UserEventPublisher;
}

/** Both go through the one broadcaster, with the event's type as the Pusher event name. */
export function livePublishersFor(broadcaster: Broadcaster): LivePublishers {
  return {
    feed: (event) => broadcaster.publish(FEED_CHANNEL, event.type, event),
    user: (userId, event) => broadcaster.publish(userChannel(userId), event.type, event),
  };
}
