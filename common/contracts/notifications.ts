import { z } from './zod';
import type { PostAuthor } from './posts';

/** Notification entries (groups) per page, newest activity first; older ones follow by cursor. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** People named in one entry ("Ana, Bo and 3 others"); the rest are only counted. */
export const NOTIFICATION_ACTORS_SHOWN = 3;

export const NOTIFICATION_TYPES = ['mention', 'reply', 'like'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * One entry of the list. Likes, and replies, on the same post group while they are unread: once
 * the reader has read the entry, the next like starts a new one. A mention is always its own.
 */
export interface Notification {
  /** The group's id: what marking one read names. */
  id: string;
  type: NotificationType;
  /** Newest first, at most NOTIFICATION_ACTORS_SHOWN. */
  actors: PostAuthor[];
  /** Everyone in the group, named or not. */
  actorCount: number;
  /**
   * The post to open: the one that mentions the reader (mention), or the reader's own post that
   * was replied to or liked.
   */
  postId: string;
  /**
   * The start of the plain text of the newest member's post: the mentioning post, the newest
   * reply, or the liked post.
   */
  excerpt: string;
  /** The newest member's time. */
  createdAt: string;
  /** Null while any member is unread. */
  readAt: string | null;
}

export const notificationsQuerySchema = z.object({ cursor: z.string().min(1).max(200).optional() }).strict();

export interface NotificationsResponse {
  notifications: Notification[];
  /** Unread entries (groups), not single likes. */
  unreadCount: number;
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: string | null;
}

export const markNotificationsReadRequestSchema = z.object({}).strict();

export const notificationIdParamsSchema = z.object({ id: z.string().uuid() }).strict();

export interface MarkNotificationsReadResponse {
  unreadCount: number;
}

// Events on the user's private channel are declared with the other live events.
export { type UserEvent, USER_EVENT_TYPES } from './live-events';
