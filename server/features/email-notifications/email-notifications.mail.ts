import type { EmailedNotificationType } from '../../../common/contracts/email-notifications';
import type { Notification } from '../../../common/contracts/notifications';
import { renderMail } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';
import { NOTIFICATION_EMAIL_EXCERPT_LENGTH } from './limits';

export interface NotificationMailLinks {
  post: string;
  /** The page that asks before it stops these e-mails (a link scanner never stops them). */
  unsubscribePage: string;
  /** Where a mail client posts "List-Unsubscribe=One-Click" (RFC 8058). */
  unsubscribeOneClick: string;
}

const WHAT: Record<EmailedNotificationType, { verb: string; because: string; stop: string }> = {
  mention: {
    verb: 'mentioned you',
    because: 'you get e-mails when someone mentions you',
    stop: 'Stop e-mails about mentions',
  },
  reply: {
    verb: 'replied to your post',
    because: 'you get e-mails when someone replies to your posts',
    stop: 'Stop e-mails about replies',
  },
};

function excerptOf(text: string): string {
  return text.length > NOTIFICATION_EMAIL_EXCERPT_LENGTH
    ? `${text.slice(0, NOTIFICATION_EMAIL_EXCERPT_LENGTH - 1).trimEnd()}…`
    : text;
}

/** "Ana Lima (@ana) replied to your post": the newest actor, and the start of what they wrote. */
export function notificationMail(
  to: { email: string; displayName: string },
  kind: EmailedNotificationType,
  notification: Notification,
  links: NotificationMailLinks,
  instanceName: string,
): MailMessage {
  const actor = notification.actors[0];
  const who = actor ? `${actor.displayName} (@${actor.handle})` : 'Someone';
  const what = WHAT[kind];
  return {
    kind: `notification-${kind}`,
    to: to.email,
    subject: `${actor ? actor.displayName : 'Someone'} ${what.verb} on ${instanceName}`,
    ...renderMail({
      instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `${who} ${what.verb}:`,
        ...(notification.excerpt ? [`“${excerptOf(notification.excerpt)}”`] : []),
      ],
      action: { label: 'Open the post', url: links.post },
      footer: `You get this e-mail because ${what.because} on ${instanceName}. You can choose which e-mails you get in your settings.`,
      unsubscribe: { label: what.stop, url: links.unsubscribePage },
    }),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeOneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
