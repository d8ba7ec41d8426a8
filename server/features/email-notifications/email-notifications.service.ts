import {
  EMAILED_NOTIFICATION_TYPES,
  type EmailedNotificationType,
  type EmailNotificationSettings,
} from '../../../common/contracts/email-notifications';
import type { Notification } from '../../../common/contracts/notifications';
import { errors } from '../../errors';
import type { Db } from '../../platform/db/database';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createUsersRepository, isSuspended } from '../users';
import { notificationMail } from './email-notifications.mail';
import { isUnsubscribeToken, unsubscribeQuery } from './unsubscribe-link';

export interface EmailNotificationsDeps {
  db: Db;
  mail: Mailer;
  instance: Pick<InstanceSettingsStore, 'current'>;
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  /** NOTIFICATION_EMAILS_PER_HOUR, per account. */
  limiter: RateLimiter;
  log: { error(details: object, message: string): void };
}

const COLUMN = { mention: 'email_on_mention', reply: 'email_on_reply' } as const;

const isEmailed = (type: Notification['type']): type is EmailedNotificationType =>
  (EMAILED_NOTIFICATION_TYPES as readonly string[]).includes(type);

/**
 * Mentions and replies also go out by e-mail, where their reader wants them: to a confirmed
 * address only, one per unread group (the next replies to a post join the entry the first one
 * e-mailed about), at most NOTIFICATION_EMAILS_PER_HOUR. Every such e-mail can be stopped from
 * itself, in one click, without logging in.
 */
export function createEmailNotificationsService(deps: EmailNotificationsDeps) {
  const { db, mail, instance, publicUrl, secret, limiter, log } = deps;
  const users = createUsersRepository(db);

  async function send(userId: string, notification: Notification): Promise<void> {
    const kind = notification.type;
    if (!isEmailed(kind) || notification.postId === null) return;
    // A reply joining an unread entry: the e-mail about its first reply still stands.
    if (notification.actorCount > 1) return;
    const user = await users.findById(userId);
    if (!user || isSuspended(user) || user.applied_at !== null || user.email_confirmed_at === null) return;
    if (user[COLUMN[kind]] !== 1) return;
    if (!(await limiter.consume(userId)).allowed) return;
    const query = unsubscribeQuery(secret, userId, kind);
    await mail.queue(
      notificationMail(
        { email: user.email, displayName: user.display_name },
        kind,
        notification,
        {
          post: `${publicUrl}/p/${notification.postId}`,
          unsubscribePage: `${publicUrl}/unsubscribe#${query}`,
          unsubscribeOneClick: `${publicUrl}/email/unsubscribe?${query}`,
        },
        (await instance.current()).name,
      ),
    );
  }

  return {
    /** After the notification is committed and announced; a failure here is logged, never passed on. */
    async notificationCreated(userId: string, notification: Notification): Promise<void> {
      try {
        await send(userId, notification);
      } catch (err) {
        log.error({ err, userId }, 'notification e-mail not queued');
      }
    },

    async settings(userId: string): Promise<EmailNotificationSettings> {
      const user = await users.findById(userId);
      if (!user) throw errors.unauthenticated();
      return { mention: user.email_on_mention === 1, reply: user.email_on_reply === 1 };
    },

    async update(userId: string, settings: EmailNotificationSettings): Promise<EmailNotificationSettings> {
      await db
        .updateTable('users')
        .set({ email_on_mention: settings.mention ? 1 : 0, email_on_reply: settings.reply ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
      return this.settings(userId);
    },

    /** The signed link stops its kind of e-mail for its account; a second use changes nothing. */
    async unsubscribe(userId: string, kind: EmailedNotificationType, token: string): Promise<void> {
      if (!isUnsubscribeToken(secret, userId, kind, token)) throw errors.unsubscribeLinkInvalid();
      // An account deleted since: nothing left to stop.
      await db
        .updateTable('users')
        .set({ [COLUMN[kind]]: 0 })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type EmailNotificationsService = ReturnType<typeof createEmailNotificationsService>;
