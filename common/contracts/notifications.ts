import { z } from './zod';
import { postAuthorSchema } from './posts';

/** Notification entries (groups) per page, newest activity first; older ones follow by cursor. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** People named in one entry ("Ana, Bo and 3 others"); the rest are only counted. */
export const NOTIFICATION_ACTORS_SHOWN = 3;

/** What someone did (mention, reply, like, repost, quote, follow, ask to follow), or a notice about the reader's own account. */
export const NOTIFICATION_TYPES = [
  'mention',
  'reply',
  'like',
  'repost',
  'quote',
  'follow',
  'follow-request',
  'data-export-ready',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notices: about the reader's account, with neither an actor nor a post; they open the settings. */
export const NOTICE_TYPES = ['data-export-ready'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/**
 * One entry of the list. Likes, reposts, and replies, on the same post group while they are
 * unread: once the reader has read the entry, the next like starts a new one. A mention, and a
 * quote, is always its own.
 */
export const notificationSchema = z.strictObject({
  /** The group's id: what marking one read names. */
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Newest first, at most NOTIFICATION_ACTORS_SHOWN; none for a notice. */
  actors: z.array(postAuthorSchema),
  /** Everyone in the group, named or not. */
  actorCount: z.number(),
  /**
   * The post to open: the one that mentions or quotes the reader (mention, quote), or the
   * reader's own post that was replied to, liked or reposted; null for a notice.
   */
  postId: z.string().nullable(),
  /**
   * The start of the plain text of the newest member's post: the mentioning or quoting post, the
   * newest reply, or the liked or reposted post; empty for a notice.
   */
  excerpt: z.string(),
  /** The newest member's time. */
  createdAt: z.string(),
  /** Null while any member is unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.output<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({ cursor: z.string().min(1).max(200).optional() }).strict();

export const notificationsResponseSchema = z.strictObject({
  notifications: z.array(notificationSchema),
  /** Unread entries (groups), not single likes. */
  unreadCount: z.number(),
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: z.string().nullable(),
});
export type NotificationsResponse = z.output<typeof notificationsResponseSchema>;

export const markNotificationsReadRequestSchema = z.object({}).strict();

export const notificationIdParamsSchema = z.object({ id: z.string().uuid() }).strict();

export const markNotificationsReadResponseSchema = z.strictObject({ unreadCount: z.number() });
export type MarkNotificationsReadResponse = z.output<typeof markNotificationsReadResponseSchema>;

// Events on the user's private channel are declared with the other live events.
export { type UserEvent, USER_EVENT_TYPES } from './live-events';
