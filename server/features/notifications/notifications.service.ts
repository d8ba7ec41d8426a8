import { v7 as timeOrderedUuid } from 'uuid';
import {
  type MarkNotificationsReadResponse,
  type NoticeType,
  type Notification,
  NOTIFICATION_ACTORS_SHOWN,
  type NotificationType,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsResponse,
} from '../../../common/contracts/notifications';
import { errors } from '../../errors';
import type { Db, Tx } from '../../platform/db/database';
import type { UserEventPublisher } from '../live';
import { MAX_MENTIONS_PER_POST } from './limits';
import { decodeGroupCursor, encodeGroupCursor } from './notification-cursor';
import { presentGroup } from './notifications.presenter';
import {
  createNotificationsRepository,
  type NotificationGroupRow,
  type NotificationsRepository,
} from './notifications.repository';

/**
 * Whether `recipientId` wants to hear about what `actorId` does. Every notification passes
 * here first: the place for rules such as blocking and muting.
 */
/**
 * Asked inside the writer's transaction, so it reads through `trx`: on SQLite's one connection a
 * read outside the transaction would wait for it to end.
 */
export type ShouldNotify = (trx: Tx, recipientId: string, actorId: string) => boolean | Promise<boolean>;

export interface NotificationsServiceDeps {
  db: Db;
  publish: UserEventPublisher;
  /** Defaults to notifying always. */
  shouldNotify?: ShouldNotify;
  /** Hears of each entry as its reader is told of it (e-mail); its failures are its own. */
  onCreated?: (userId: string, notification: Notification) => Promise<void>;
  now?: () => number;
}

/** Kinds about the reader's account rather than a post: someone followed, or asked to. */
export type AccountNotificationType = 'follow' | 'follow-request';

/** One notification to write: who hears of it, who caused it, about what. */
export interface NotifyInput {
  type: Exclude<NotificationType, NoticeType | AccountNotificationType>;
  recipientId: string;
  actorId: string;
  /** The post the entry opens: the mentioning post, or the recipient's post. */
  postId: string;
  /** The post whose writing caused it: the mentioning post, the reply, or the liked post. */
  sourcePostId: string;
}

/** A change written but not yet announced: announce() it after the commit. */
export type PendingNotification =
  { kind: 'created'; userId: string; groupId: string } | { kind: 'removed'; userId: string };

export interface MentionsInPost {
  post: { id: string };
  authorId: string;
  /** Accounts the post mentions, in order of first mention. */
  mentionedUserIds: readonly string[];
  /** Someone told of this post another way (the author of the post it replies to). */
  alreadyToldUserId?: string | null;
}

export function createNotificationsService({
  db,
  publish,
  shouldNotify = () => true,
  onCreated,
  now = Date.now,
}: NotificationsServiceDeps) {
  const notifications = createNotificationsRepository(db);

  /**
   * The only way a notification is written, inside the caller's transaction. Never to oneself,
   * never when shouldNotify says no, never twice. Likes, reposts and replies join the
   * recipient's unread group on the same post; a mention or a quote is its own entry.
   */
  async function notify(trx: Tx, input: NotifyInput): Promise<PendingNotification | null> {
    if (input.recipientId === input.actorId) return null;
    if (!(await shouldNotify(trx, input.recipientId, input.actorId))) return null;
    const repo = createNotificationsRepository(trx);
    const id = timeOrderedUuid();
    const groupId =
      input.type === 'mention' || input.type === 'quote'
        ? id
        : ((await repo.openGroupOn(input.recipientId, input.type, input.postId)) ?? id);
    const isNew = await repo.insertIfNew({
      id,
      user_id: input.recipientId,
      type: input.type,
      actor_id: input.actorId,
      post_id: input.postId,
      source_post_id: input.sourcePostId,
      group_id: groupId,
      created_at: now(),
      read_at: null,
    });
    return isNew ? { kind: 'created', userId: input.recipientId, groupId } : null;
  }

  async function presentGroups(
    repo: NotificationsRepository,
    userId: string,
    groups: readonly NotificationGroupRow[],
  ): Promise<Notification[]> {
    const members = await repo.newestMembers(
      userId,
      groups.map((group) => group.group_id),
      NOTIFICATION_ACTORS_SHOWN,
    );
    return groups.flatMap((group) => {
      const presented = presentGroup(
        group,
        members.filter((member) => member.group_id === group.group_id),
      );
      return presented ? [presented] : [];
    });
  }

  async function findGroup(userId: string, groupId: string): Promise<Notification | null> {
    const group = await notifications.findGroup(userId, groupId);
    if (!group) return null;
    const [presented] = await presentGroups(notifications, userId, [group]);
    return presented ?? null;
  }

  return {
    notify,

    /**
     * A notice about the reader's own account (an archive is ready): its own entry, written and
     * announced at once, outside any post's transaction.
     */
    async notice(recipientId: string, type: NoticeType): Promise<void> {
      const id = timeOrderedUuid();
      await notifications.insertIfNew({
        id,
        user_id: recipientId,
        type,
        actor_id: null,
        post_id: null,
        source_post_id: null,
        group_id: id,
        created_at: now(),
        read_at: null,
      });
      const notification = await findGroup(recipientId, id);
      const unreadCount = await notifications.unreadCount(recipientId);
      if (notification)
        await publish(recipientId, { type: 'notification.created', notification, unreadCount });
    },

    async list(userId: string, cursor?: string): Promise<NotificationsResponse> {
      const after = cursor === undefined ? null : decodeGroupCursor(cursor);
      if (cursor !== undefined && after === null) throw errors.invalidCursor();
      const groups = await notifications.listGroups(userId, NOTIFICATIONS_PAGE_SIZE + 1, after);
      const page = groups.slice(0, NOTIFICATIONS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        notifications: await presentGroups(notifications, userId, page),
        unreadCount: await notifications.unreadCount(userId),
        nextCursor:
          groups.length > NOTIFICATIONS_PAGE_SIZE && last
            ? encodeGroupCursor({ latestAt: last.latest_at, groupId: last.group_id })
            : null,
      };
    },

    async markAllRead(userId: string): Promise<MarkNotificationsReadResponse> {
      await notifications.markAllRead(userId, now());
      const unreadCount = await notifications.unreadCount(userId);
      await publish(userId, { type: 'notifications.read', ids: null, unreadCount });
      return { unreadCount };
    },

    /** Someone else's group answers 404, as a group that does not exist does. */
    async markRead(userId: string, groupId: string): Promise<MarkNotificationsReadResponse> {
      if (!(await notifications.markGroupRead(userId, groupId, now())))
        throw errors.notFound('This notification does not exist.');
      const unreadCount = await notifications.unreadCount(userId);
      await publish(userId, { type: 'notifications.read', ids: [groupId], unreadCount });
      return { unreadCount };
    },

    /**
     * Notifies the accounts a post mentions that it has not notified yet, never its author, and
     * no more than MAX_MENTIONS_PER_POST in its lifetime.
     */
    async recordMentions(trx: Tx, mentions: MentionsInPost): Promise<PendingNotification[]> {
      const repo = createNotificationsRepository(trx);
      const candidates = [...new Set(mentions.mentionedUserIds)].filter(
        (id) => id !== mentions.authorId && id !== mentions.alreadyToldUserId,
      );
      if (candidates.length === 0) return [];
      const already = new Set(await repo.recipientsOf(mentions.post.id, 'mention'));
      const room = Math.max(0, MAX_MENTIONS_PER_POST - already.size);
      const pending: PendingNotification[] = [];
      for (const recipientId of candidates.filter((id) => !already.has(id)).slice(0, room)) {
        const written = await notify(trx, {
          type: 'mention',
          recipientId,
          actorId: mentions.authorId,
          postId: mentions.post.id,
          sourcePostId: mentions.post.id,
        });
        if (written) pending.push(written);
      }
      return pending;
    },

    /**
     * Someone followed the recipient, or asked to: one unread group per kind ("Ana and 3 others
     * followed you"). An actor already unread in the group is not added twice, so following,
     * unfollowing and following again does not repeat itself.
     */
    async notifyAboutAccount(
      trx: Tx,
      input: { type: AccountNotificationType; recipientId: string; actorId: string },
    ): Promise<PendingNotification | null> {
      if (input.recipientId === input.actorId) return null;
      if (!(await shouldNotify(trx, input.recipientId, input.actorId))) return null;
      const repo = createNotificationsRepository(trx);
      await repo.deleteUnreadFromActor(input.recipientId, input.type, input.actorId);
      const id = timeOrderedUuid();
      const groupId = (await repo.openAccountGroup(input.recipientId, input.type)) ?? id;
      await repo.insertIfNew({
        id,
        user_id: input.recipientId,
        type: input.type,
        actor_id: input.actorId,
        post_id: null,
        source_post_id: null,
        group_id: groupId,
        created_at: now(),
        read_at: null,
      });
      return { kind: 'created', userId: input.recipientId, groupId };
    },

    /** A follow (or request) taken back while unread takes its notification with it. */
    async retractAboutAccount(
      trx: Tx,
      input: { type: AccountNotificationType; recipientId: string; actorId: string },
    ): Promise<PendingNotification | null> {
      const repo = createNotificationsRepository(trx);
      const removed = await repo.deleteUnreadFromActor(input.recipientId, input.type, input.actorId);
      return removed ? { kind: 'removed', userId: input.recipientId } : null;
    },

    /** A like or repost taken back while unread takes its notification with it; a read one stays. */
    async retract(
      trx: Tx,
      taken: Pick<NotifyInput, 'recipientId' | 'actorId' | 'sourcePostId'> & { type: 'like' | 'repost' },
    ): Promise<PendingNotification | null> {
      const repo = createNotificationsRepository(trx);
      const removed = await repo.deleteUnread(
        taken.recipientId,
        taken.type,
        taken.sourcePostId,
        taken.actorId,
      );
      return removed ? { kind: 'removed', userId: taken.recipientId } : null;
    },

    /**
     * Before the posts are deleted (their notifications go by cascade): whose unread count
     * changes.
     */
    async beforePostsDeleted(trx: Tx, postIds: readonly string[]): Promise<PendingNotification[]> {
      const repo = createNotificationsRepository(trx);
      const userIds = await repo.unreadRecipientsAbout(postIds);
      return userIds.map((userId) => ({ kind: 'removed', userId }));
    },

    /** After the commit: each reader hears of the change with their new unread count. */
    async announce(pending: readonly PendingNotification[]): Promise<void> {
      for (const change of pending) {
        const unreadCount = await notifications.unreadCount(change.userId);
        if (change.kind === 'removed') {
          await publish(change.userId, { type: 'notifications.removed', unreadCount });
          continue;
        }
        const notification = await findGroup(change.userId, change.groupId);
        // Gone already (an unlike or a delete right after): its own event says so.
        if (notification) {
          await publish(change.userId, { type: 'notification.created', notification, unreadCount });
          await onCreated?.(change.userId, notification);
        }
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
