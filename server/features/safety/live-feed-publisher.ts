import {
  FEED_SKIPPED_EVENT,
  type FeedEvent,
  type FeedSkippedEvent,
  type PublicPost,
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

/**
 * The accounts an event shows: a reader who hides any of `shown` gets a skip; one who hides only
 * `quoted` gets the event with its quote unavailable.
 */
function accountsIn(event: FeedEvent): { shown: string[]; quoted: string | null } {
  switch (event.type) {
    case 'post.created':
    case 'post.updated':
      return { shown: [event.post.author.id], quoted: quotedAuthorOf(event.post) };
    case 'repost.created':
      return {
        shown: [event.post.repostedBy.by.id, event.post.author.id],
        quoted: quotedAuthorOf(event.post),
      };
    default:
      return { shown: [], quoted: null };
  }
}

function quotedAuthorOf(post: PublicPost): string | null {
  return post.quote?.state === 'visible' ? post.quote.author.id : null;
}

const UNAVAILABLE = { state: 'unavailable' } as const;

/** The event as a reader who hides the quoted post's author gets it. */
function withQuoteUnavailable(event: FeedEvent): FeedEvent {
  switch (event.type) {
    case 'post.created':
      return { ...event, post: { ...event.post, quote: UNAVAILABLE } };
    case 'post.updated':
      return { ...event, post: { ...event.post, quote: UNAVAILABLE } };
    case 'repost.created':
      return { ...event, post: { ...event.post, quote: UNAVAILABLE } };
    default:
      return event;
  }
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
    const { shown, quoted } = accountsIn(event);
    const accounts = quoted === null ? shown : [...shown, quoted];
    // Every answer lists the same readers in the same order; only whom each hides differs. An
    // event that shows nobody's content still needs the list: '' is nobody.
    const audiences = await Promise.all(
      (accounts.length > 0 ? accounts : ['']).map((id) => safety.liveAudience(id, MAX_FILTERED_LIVE_READERS)),
    );
    const viewers = (audiences[0] ?? []).map(({ viewerId }) => viewerId);
    if (viewers.length === 0) return;
    const hidingIn = (found: typeof audiences) =>
      new Set(
        found.flatMap((audience) => audience.filter((one) => one.hidesAuthor).map((one) => one.viewerId)),
      );
    const hiders = hidingIn(audiences.slice(0, shown.length));
    const quoteHiders = hidingIn(audiences.slice(shown.length));
    const seeing: LiveChannelName<'filteredFeed'>[] = [];
    const seeingWithoutQuote: LiveChannelName<'filteredFeed'>[] = [];
    const skipping: LiveChannelName<'filteredFeed'>[] = [];
    for (const viewerId of viewers) {
      const into = hiders.has(viewerId) ? skipping : quoteHiders.has(viewerId) ? seeingWithoutQuote : seeing;
      into.push(filteredFeedChannel(viewerId));
    }
    const skipped: FeedSkippedEvent = { type: 'feed.skipped', seq: event.seq };
    const withoutQuote = withQuoteUnavailable(event);
    await Promise.all([
      ...chunks(seeing, LIVE_FEED_CHANNELS_PER_TRIGGER).map((group) =>
        publishToChannels(group, event.type, event),
      ),
      ...chunks(seeingWithoutQuote, LIVE_FEED_CHANNELS_PER_TRIGGER).map((group) =>
        publishToChannels(group, withoutQuote.type, withoutQuote),
      ),
      ...chunks(skipping, LIVE_FEED_CHANNELS_PER_TRIGGER).map((group) =>
        publishToChannels(group, FEED_SKIPPED_EVENT, skipped),
      ),
    ]);
  };
}
