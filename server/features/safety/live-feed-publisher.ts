import {
  FEED_SKIPPED_EVENT,
  type FeedEvent,
  type FeedSkippedEvent,
  filteredFeedChannel,
  type LiveChannelName,
} from '../../../common/contracts/live-events';
import type { FeedPublisher } from '../live';
import { LIVE_FEED_CHANNELS_PER_TRIGGER, MAX_FILTERED_LIVE_READERS } from './limits';
import type { ChannelPublisher, SafetyService } from './safety.service';

export interface LiveFeedPublisherDeps {
  safety: Pick<SafetyService, 'liveAudience'>;
  /** The public `feed` channel, which every unfiltered reader takes. */
  publishPublic: FeedPublisher;
  /** Readers' own filtered channels. */
  publishToChannels: ChannelPublisher;
}

/** The account whose post an event shows, for events that carry a post's content. */
function authorOf(event: FeedEvent): string | null {
  return event.type === 'post.created' || event.type === 'post.updated' ? event.post.author.id : null;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Every feed event goes to `feed`, then to each filtered reader's own channel: the event itself
 * when they may see its author, `feed.skipped` with the same seq when they may not (so their
 * gap detection stays exact). Works the same with the embedded server and hosted Pusher, since
 * it needs only multi-channel triggers.
 */
export function createLiveFeedPublisher({
  safety,
  publishPublic,
  publishToChannels,
}: LiveFeedPublisherDeps): FeedPublisher {
  return async (event) => {
    await publishPublic(event);
    const authorId = authorOf(event);
    const audience = await safety.liveAudience(authorId ?? '', MAX_FILTERED_LIVE_READERS);
    if (audience.length === 0) return;
    const seeing: LiveChannelName<'filteredFeed'>[] = [];
    const skipping: LiveChannelName<'filteredFeed'>[] = [];
    for (const { viewerId, hidesAuthor } of audience) {
      (authorId !== null && hidesAuthor ? skipping : seeing).push(filteredFeedChannel(viewerId));
    }
    const skipped: FeedSkippedEvent = { type: 'feed.skipped', seq: event.seq };
    await Promise.all([
      ...chunks(seeing, LIVE_FEED_CHANNELS_PER_TRIGGER).map((group) =>
        publishToChannels(group, event.type, event),
      ),
      ...chunks(skipping, LIVE_FEED_CHANNELS_PER_TRIGGER).map((group) =>
        publishToChannels(group, FEED_SKIPPED_EVENT, skipped),
      ),
    ]);
  };
}
