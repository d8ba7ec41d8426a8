import type { ImageVariant, PostImage } from './media';
import type { Notification, NotificationType } from './notifications';
import type { Post, PostAuthor, PostLinkPreview, QuotedPost, RepostReason } from './posts';
import {
  anyOf,
  arrayOf,
  type Guard,
  type Guarded,
  isFiniteNumber,
  isString,
  literal,
  nullable,
  object,
  oneOf,
  optional,
} from './shape-guards';
import type { Avatar } from './users';

// Every event the server publishes live, by channel kind and event name, with the check its
// receiver runs (docs/realtime.md lists them). Publishers and handlers are typed from this map;
// the Pusher event name is always the payload's `type`.
//
// This module must stay free of zod (and of value imports from contracts that build schemas):
// the signed-in feed's first load includes it (see common/contracts/shape-guards.ts).

// --- Channels -------------------------------------------------------------------------------------

/** The kinds of channel the app publishes on: the key of LIVE_EVENTS. */
export type LiveChannelKind = 'feed' | 'filteredFeed' | 'user';

declare const channelKind: unique symbol;
/** A channel's name, marked with its kind so that only that kind's events can be published on it. */
export type LiveChannelName<K extends LiveChannelKind> = string & { readonly [channelKind]: K };

// The one place a plain string becomes a channel name of a kind.
const named = <K extends LiveChannelKind>(name: string) => name as LiveChannelName<K>;

/** The public channel every reader subscribes to. */
export const FEED_CHANNEL = named<'feed'>('feed');
/** Who is online: presence only, the app publishes nothing on it. */
export const PRESENCE_FEED_CHANNEL = 'presence-feed';

/** A user's private channel: notifications and which feed channel to take. */
export function userChannel(userId: string): LiveChannelName<'user'> {
  return named(`private-user-${userId}`);
}

/**
 * A reader who blocks or mutes anyone, or is blocked by anyone, takes the feed from this channel
 * instead of the public `feed`: the server leaves out what they must not see.
 */
export function filteredFeedChannel(userId: string): LiveChannelName<'filteredFeed'> {
  return named(`private-feed-${userId}`);
}

// --- Payload types --------------------------------------------------------------------------------

/**
 * A post as live events carry it: they go to everyone, so nothing specific to one reader. Its
 * quote is `visible` or `removed`; a reader's own filtered channel gets `unavailable` instead
 * when they hide the quoted author.
 */
export type PublicPost = Omit<Post, 'likedByMe' | 'bookmarkedByMe' | 'repostedByMe'>;

/**
 * Everything the server announces on the feed channel. `seq` grows by one per event across the
 * whole server (it is the row id of the event log), so a client can drop a duplicate and notice
 * a gap, then refetch.
 */
export type FeedEvent =
  | { type: 'post.created'; seq: number; post: PublicPost }
  | { type: 'post.updated'; seq: number; post: PublicPost }
  | { type: 'post.deleted'; seq: number; postId: string; parentId: string | null }
  | { type: 'post.liked'; seq: number; postId: string; likeCount: number }
  | { type: 'post.replied'; seq: number; postId: string; replyCount: number }
  /** Someone reposted: `post.repostedBy` is set, and `post.repostCount` is the new count. */
  | { type: 'repost.created'; seq: number; post: PublicPost & { repostedBy: RepostReason } }
  | { type: 'repost.deleted'; seq: number; repostId: string; postId: string; repostCount: number };

export type FeedEventType = FeedEvent['type'];

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

/** Events on a user's private channel (`userChannel(id)`), seen only by that user. */
export type UserEvent =
  | {
      /** A new entry, or a group that just gained a member (same id: replace it, move it up). */
      type: 'notification.created';
      notification: Notification;
      unreadCount: number;
    }
  | {
      /** Read in another tab or device: these groups (null: all of them) are read now. */
      type: 'notifications.read';
      ids: string[] | null;
      unreadCount: number;
    }
  | {
      /** Members went away (an unlike, a deleted post): refetch the list, take the count. */
      type: 'notifications.removed';
      unreadCount: number;
    };

// --- Checks ---------------------------------------------------------------------------------------
// Each is annotated with the type above: a field the type gains and the check does not fails to
// compile.

const imageVariant: Guard<ImageVariant> = object({
  width: isFiniteNumber,
  height: isFiniteNumber,
  url: isString,
});

const avatar: Guard<Avatar> = object({ webp: arrayOf(imageVariant), fallback: arrayOf(imageVariant) });

const postAuthor: Guard<PostAuthor> = object({
  id: isString,
  handle: isString,
  displayName: isString,
  avatar: optional(nullable(avatar)),
});

const postImage: Guard<PostImage> = object({
  id: isString,
  width: isFiniteNumber,
  height: isFiniteNumber,
  placeholder: isString,
  webp: arrayOf(imageVariant),
  fallback: arrayOf(imageVariant),
  fallbackType: oneOf('image/jpeg', 'image/gif'),
  alt: isString,
});

const postLinkPreview: Guard<PostLinkPreview> = object({
  url: isString,
  title: isString,
  description: isString,
  image: nullable(isString),
  domain: isString,
});

const quotedPost: Guard<QuotedPost> = anyOf(
  object({
    state: literal('visible'),
    id: isString,
    author: postAuthor,
    excerpt: isString,
    createdAt: isString,
    imageCount: isFiniteNumber,
  }),
  object({ state: literal('removed') }),
  object({ state: literal('unavailable') }),
);

const repostReason: Guard<RepostReason> = object({ id: isString, by: postAuthor, createdAt: isString });

const publicPostFields = {
  id: isString,
  author: postAuthor,
  parentId: nullable(isString),
  bodyHtml: isString,
  bodyText: isString,
  createdAt: isString,
  editedAt: nullable(isString),
  likeCount: isFiniteNumber,
  replyCount: isFiniteNumber,
  repostCount: isFiniteNumber,
  quote: nullable(quotedPost),
  repostedBy: nullable(repostReason),
  images: arrayOf(postImage),
  linkPreview: nullable(postLinkPreview),
};
const publicPost: Guard<PublicPost> = object(publicPostFields);
const repostedPost: Guard<PublicPost & { repostedBy: RepostReason }> = object({
  ...publicPostFields,
  repostedBy: repostReason,
});

/** Every notification type; spelled out (the list in notifications.ts comes with zod). */
const NOTIFICATION_TYPE_NAMES = [
  'mention',
  'reply',
  'like',
  'repost',
  'quote',
  'follow',
  'follow-request',
  'data-export-ready',
] as const satisfies readonly NotificationType[];
// Fails to compile when a notification type is added there but not here.
const everyNotificationType: Exclude<NotificationType, (typeof NOTIFICATION_TYPE_NAMES)[number]> extends never
  ? true
  : never = true;
void everyNotificationType;
const notificationType: Guard<NotificationType> = oneOf(...NOTIFICATION_TYPE_NAMES);

const notification: Guard<Notification> = object({
  id: isString,
  type: notificationType,
  actors: arrayOf(postAuthor),
  actorCount: isFiniteNumber,
  postId: nullable(isString),
  excerpt: isString,
  createdAt: isString,
  readAt: nullable(isString),
});

type EventOf<U extends { type: string }, T extends U['type']> = Extract<U, { type: T }>;

const feedEvents = {
  'post.created': object({
    type: literal('post.created'),
    seq: isFiniteNumber,
    post: publicPost,
  }) satisfies Guard<EventOf<FeedEvent, 'post.created'>>,
  'post.updated': object({
    type: literal('post.updated'),
    seq: isFiniteNumber,
    post: publicPost,
  }) satisfies Guard<EventOf<FeedEvent, 'post.updated'>>,
  'post.deleted': object({
    type: literal('post.deleted'),
    seq: isFiniteNumber,
    postId: isString,
    parentId: nullable(isString),
  }) satisfies Guard<EventOf<FeedEvent, 'post.deleted'>>,
  'post.liked': object({
    type: literal('post.liked'),
    seq: isFiniteNumber,
    postId: isString,
    likeCount: isFiniteNumber,
  }) satisfies Guard<EventOf<FeedEvent, 'post.liked'>>,
  'post.replied': object({
    type: literal('post.replied'),
    seq: isFiniteNumber,
    postId: isString,
    replyCount: isFiniteNumber,
  }) satisfies Guard<EventOf<FeedEvent, 'post.replied'>>,
  'repost.created': object({
    type: literal('repost.created'),
    seq: isFiniteNumber,
    post: repostedPost,
  }) satisfies Guard<EventOf<FeedEvent, 'repost.created'>>,
  'repost.deleted': object({
    type: literal('repost.deleted'),
    seq: isFiniteNumber,
    repostId: isString,
    postId: isString,
    repostCount: isFiniteNumber,
  }) satisfies Guard<EventOf<FeedEvent, 'repost.deleted'>>,
};

/**
 * Channel kind → event name → check. The payload type of an event is what its check narrows to
 * (`LivePayload`), which the `satisfies` clauses keep equal to the declared types above.
 */
export const LIVE_EVENTS = {
  /** The public `feed` channel. */
  feed: feedEvents,
  /** A reader's own `private-feed-{id}`: the same events, or a skip in place of a hidden one. */
  filteredFeed: {
    ...feedEvents,
    'feed.skipped': object({
      type: literal('feed.skipped'),
      seq: isFiniteNumber,
    }) satisfies Guard<FeedSkippedEvent>,
  },
  /** `private-user-{id}`. */
  user: {
    'notification.created': object({
      type: literal('notification.created'),
      notification,
      unreadCount: isFiniteNumber,
    }) satisfies Guard<EventOf<UserEvent, 'notification.created'>>,
    'notifications.read': object({
      type: literal('notifications.read'),
      ids: nullable(arrayOf(isString)),
      unreadCount: isFiniteNumber,
    }) satisfies Guard<EventOf<UserEvent, 'notifications.read'>>,
    'notifications.removed': object({
      type: literal('notifications.removed'),
      unreadCount: isFiniteNumber,
    }) satisfies Guard<EventOf<UserEvent, 'notifications.removed'>>,
    'feed.channel_changed': object({
      type: literal('feed.channel_changed'),
      liveFeedChannel: isString,
    }) satisfies Guard<LiveFeedChannelChangedEvent>,
  },
} as const satisfies Record<LiveChannelKind, Record<string, Guard<{ type: string }>>>;

export type LiveEventName<K extends LiveChannelKind> = keyof (typeof LIVE_EVENTS)[K] & string;

export type LivePayload<K extends LiveChannelKind, E extends LiveEventName<K>> = Guarded<
  (typeof LIVE_EVENTS)[K][E]
>;

/**
 * Publishes one event on channels of one kind (a single trigger for all of them). The channels'
 * kind decides which event names and payloads compile.
 */
export type PublishLiveEvent = <K extends LiveChannelKind, E extends LiveEventName<K>>(
  channels: LiveChannelName<K>[],
  event: E,
  data: LivePayload<K, E>,
) => Promise<void>;

/** Every event name of a kind, for binding them all. */
export function liveEventNames<K extends LiveChannelKind>(kind: K): LiveEventName<K>[] {
  // Object.keys widens to string[]; the keys of the map are exactly the event names.
  return Object.keys(LIVE_EVENTS[kind]) as LiveEventName<K>[];
}

export const FEED_EVENT_TYPES: readonly FeedEventType[] = liveEventNames('feed');
export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'notification.created',
  'notifications.read',
  'notifications.removed',
];

/**
 * The payload if it is what `event` on a `kind` channel carries (its `type` included), else null.
 * A name the kind does not carry is null too.
 */
export function parseLiveEvent<K extends LiveChannelKind, E extends LiveEventName<K>>(
  kind: K,
  event: E,
  data: unknown,
): LivePayload<K, E> | null {
  const events: Record<string, Guard<unknown>> = LIVE_EVENTS[kind];
  const guard = Object.hasOwn(events, event) ? events[event] : undefined;
  // The guard that passed is the one LIVE_EVENTS holds for this kind and event, whose type
  // LivePayload names; indexing the map by type parameters loses that link for the compiler.
  return guard?.(data) ? (data as LivePayload<K, E>) : null;
}
