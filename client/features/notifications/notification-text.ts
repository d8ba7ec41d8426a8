import type { NoticeType, Notification } from '../../../common/contracts/notifications';
import { isNotice } from '../../../common/notifications/describe-notification';
import { translate, type Translate } from '../../i18n';
import { notificationsMessages } from './notifications.messages';

type NotificationsKey = keyof typeof notificationsMessages.source;

const SENTENCE_KEY = {
  mention: 'mentionSentence',
  reply: 'replySentence',
  like: 'likeSentence',
  repost: 'repostSentence',
  quote: 'quoteSentence',
  follow: 'followSentence',
  'follow-request': 'followRequestSentence',
} as const satisfies Record<Exclude<Notification['type'], NoticeType>, NotificationsKey>;

/** What is written under the sentence when the entry is about no post. */
const HINT_KEY: Partial<Record<Notification['type'], NotificationsKey>> = {
  'follow-request': 'followRequestHint',
};

const NOTICE_KEYS = {
  'data-export-ready': { sentence: 'dataExportReadySentence', excerpt: 'dataExportReadyHint' },
} as const satisfies Record<NoticeType, { sentence: NotificationsKey; excerpt: NotificationsKey }>;

/**
 * describeNotification's sentence in the reader's language, from the same data: the newest actor
 * named, a second one named too when there are exactly two, or else the rest counted. Its
 * English is the server's (Web Push) word for word.
 */
export function notificationText(
  notification: Notification,
  t: Translate<NotificationsKey> = translate(notificationsMessages),
): { sentence: string; excerpt: string } {
  if (isNotice(notification.type)) {
    const keys = NOTICE_KEYS[notification.type];
    return { sentence: t(keys.sentence), excerpt: t(keys.excerpt) };
  }
  const [newest, second] = notification.actors;
  const name = newest?.displayName ?? t('someone');
  const others = notification.actorCount - 1;
  const actors = others <= 0 ? 'one' : others === 1 && second ? 'two' : 'other';
  const hint = HINT_KEY[notification.type];
  return {
    sentence: t(SENTENCE_KEY[notification.type], {
      actors,
      name,
      second: second?.displayName ?? '',
      others,
    }),
    excerpt: notification.excerpt || (hint ? t(hint) : ''),
  };
}

/** What the live region says of a new entry: its sentence, then its excerpt if it has one. */
export function notificationAnnouncement(
  notification: Notification,
  t: Translate<NotificationsKey> = translate(notificationsMessages),
): string {
  const { sentence, excerpt } = notificationText(notification, t);
  return excerpt === '' ? sentence : t('liveAnnouncement', { sentence, excerpt });
}
