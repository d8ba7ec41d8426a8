import { z } from 'zod';
import type { PostAuthor } from './posts';

/** Notifications listed at once (newest first); older ones are not paged yet. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export interface MentionNotification {
  id: string;
  type: 'mention';
  /** Who wrote the post that mentions the reader. */
  actor: PostAuthor;
  postId: string;
  /** The start of the post's plain text, for the list. */
  excerpt: string;
  createdAt: string;
  readAt: string | null;
}

export type Notification = MentionNotification;

export interface NotificationsResponse {
  notifications: Notification[];
  unreadCount: number;
}

export const markNotificationsReadRequestSchema = z.object({}).strict();

export interface MarkNotificationsReadResponse {
  unreadCount: number;
}

/** Events on a user's private channel (`userChannel(id)`), seen only by that user. */
export type UserEvent = {
  type: 'notification.created';
  notification: Notification;
  unreadCount: number;
};

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = ['notification.created'];
