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
