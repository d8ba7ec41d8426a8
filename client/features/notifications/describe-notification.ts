import type { NoticeType, Notification } from '../../../common/contracts/notifications';

const VERBS: Record<Exclude<Notification['type'], NoticeType>, string> = {
  mention: 'mentioned you',
  reply: 'replied to your post',
  like: 'liked your post',
};

/** Notices about the reader's own account: a whole sentence, no one to name. */
const NOTICES: Record<NoticeType, { sentence: string; excerpt: string }> = {
  'data-export-ready': {
    sentence: 'Your data archive is ready',
    excerpt: 'Download it from your settings within 7 days.',
  },
};

export const isNotice = (type: Notification['type']): type is NoticeType => type === 'data-export-ready';

/** "Ana", "Ana and Bo", "Ana and 3 others": the newest actor named, the rest counted. */
export function actorsPhrase(notification: Notification): string {
  const [newest, second] = notification.actors;
  const name = newest?.displayName ?? 'Someone';
  const others = notification.actorCount - 1;
  if (others <= 0) return name;
  if (others === 1 && second) return `${name} and ${second.displayName}`;
  return `${name} and ${others} others`;
}

/** What the list and the live region say: "Ana and 3 others liked your post". */
export function describeNotification(notification: Notification): { sentence: string; excerpt: string } {
  if (isNotice(notification.type)) return NOTICES[notification.type];
  return {
    sentence: `${actorsPhrase(notification)} ${VERBS[notification.type]}`,
    excerpt: notification.excerpt,
  };
}
