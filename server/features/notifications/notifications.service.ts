import { v7 as timeOrderedUuid } from 'uuid';
import {
  type MarkNotificationsReadResponse,
  type Notification,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsResponse,
} from '../../../common/contracts/notifications';
import type { PostAuthor } from '../../../common/contracts/posts';
import type { Db } from '../../platform/db/database';
import type { UserEventPublisher } from '../../realtime/live-publishers';
import { MAX_MENTIONS_PER_POST } from './limits';
import { excerptOf, presentNotification } from './notifications.presenter';
import { createNotificationsRepository } from './notifications.repository';

export interface NotificationsServiceDeps {
  db: Db;
  publish: UserEventPublisher;
  now?: () => number;
}

export interface MentionsInPost {
  post: { id: string; text: string };
  /** The post's author. */
  actor: PostAuthor;
  /** Accounts the post mentions, in order of first mention. */
  mentionedUserIds: readonly string[];
}

/** A notification written but not yet announced: announce() it after the commit. */
export interface PendingNotification {
  userId: string;
  notification: Notification;
}

export function createNotificationsService({ db, publish, now = Date.now }: NotificationsServiceDeps) {
  const notifications = createNotificationsRepository(db);

  return {
    async list(userId: string): Promise<NotificationsResponse> {
      const rows = await notifications.listForUser(userId, NOTIFICATIONS_PAGE_SIZE);
      return {
        notifications: rows.map(presentNotification),
        unreadCount: await notifications.unreadCount(userId),
      };
    },

    async markAllRead(userId: string): Promise<MarkNotificationsReadResponse> {
      await notifications.markAllRead(userId, now());
      return { unreadCount: await notifications.unreadCount(userId) };
    },

    /**
     * Inside the transaction that writes the post: notifies the mentioned accounts the post has
     * not notified yet, never its author, and no more than MAX_MENTIONS_PER_POST in its lifetime.
     */
    async recordMentions(trx: Db, mentions: MentionsInPost): Promise<PendingNotification[]> {
      const repo = createNotificationsRepository(trx);
      const candidates = [...new Set(mentions.mentionedUserIds)].filter((id) => id !== mentions.actor.id);
      if (candidates.length === 0) return [];
      const already = new Set(await repo.recipientsOf(mentions.post.id, 'mention'));
      const room = Math.max(0, MAX_MENTIONS_PER_POST - already.size);
      const recipients = candidates.filter((id) => !already.has(id)).slice(0, room);
      const at = now();
      const pending = recipients.map((userId): PendingNotification => ({
        userId,
        notification: {
          id: timeOrderedUuid(),
          type: 'mention',
          actor: mentions.actor,
          postId: mentions.post.id,
          excerpt: excerptOf(mentions.post.text),
          createdAt: new Date(at).toISOString(),
          readAt: null,
        },
      }));
      const inserted = await repo.insertNew(
        pending.map(({ userId, notification }) => ({
          id: notification.id,
          user_id: userId,
          type: notification.type,
          actor_id: mentions.actor.id,
          post_id: mentions.post.id,
          created_at: at,
          read_at: null,
        })),
      );
      return pending.filter(({ notification }) => inserted.has(notification.id));
    },

    /** After the commit: each reader hears of their notification with their new unread count. */
    async announce(pending: readonly PendingNotification[]): Promise<void> {
      for (const { userId, notification } of pending) {
        const unreadCount = await notifications.unreadCount(userId);
        await publish(userId, { type: 'notification.created', notification, unreadCount });
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
