import type { Post } from './posts';

/** The public channel every reader subscribes to. */
export const FEED_CHANNEL = 'feed';
/** Who is online. */
export const PRESENCE_FEED_CHANNEL = 'presence-feed';

export function userChannel(userId: string): string {
  return `private-user-${userId}`;
}

/**
 * Everything the server announces on the feed channel. `seq` grows by one per event across the
 * whole server (it is the row id of the event log), so a client can drop a duplicate and notice
 * a gap, then refetch.
 */
export type FeedEvent =
  | { type: 'post.created'; seq: number; post: Omit<Post, 'likedByMe'> }
  | { type: 'post.updated'; seq: number; post: Omit<Post, 'likedByMe'> }
  | { type: 'post.deleted'; seq: number; postId: string; parentId: string | null }
  | { type: 'post.liked'; seq: number; postId: string; likeCount: number }
  | { type: 'post.replied'; seq: number; postId: string; replyCount: number };

export type FeedEventType = FeedEvent['type'];

export const FEED_EVENT_TYPES: readonly FeedEventType[] = [
  'post.created',
  'post.updated',
  'post.deleted',
  'post.liked',
  'post.replied',
];

/**
 * On a filtered feed channel, in place of an event the reader must not see: keeps `seq`
 * gap-free, so hiding an event never looks like losing one.
 */
export interface FeedSkippedEvent {
  type: 'feed.skipped';
  seq: number;
}
export const FEED_SKIPPED_EVENT = 'feed.skipped';

/** On the reader's private user channel: which feed channel to take from now on. */
export interface LiveFeedChannelChangedEvent {
  type: 'feed.channel_changed';
  liveFeedChannel: string;
}
export const LIVE_FEED_CHANNEL_CHANGED_EVENT = 'feed.channel_changed';
