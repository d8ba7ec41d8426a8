import type { NoticeType, Notification } from '../contracts/notifications';

const VERBS: Record<Exclude<Notification['type'], NoticeType>, string> = {
  mention: 'mentioned you',
  reply: 'replied to your post',
  like: 'liked your post',
  repost: 'reposted your post',
  quote: 'quoted your post',
  follow: 'followed you',
  'follow-request': 'asked to follow you',
};

/** What is written under the sentence when the entry is about no post. */
const HINTS: Partial<Record<Notification['type'], string>> = {
  'follow-request': 'Approve or deny it in your follow requests.',
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

/**
 * What a pushed notification says, in English: "Ana and 3 others liked your post". The browser
 * words the same data in the reader's language (client/features/notifications/notification-text.ts),
 * whose test holds its English to this one, so the list and a push never disagree.
 */
export function describeNotification(notification: Notification): { sentence: string; excerpt: string } {
  if (isNotice(notification.type)) return NOTICES[notification.type];
  return {
    sentence: `${actorsPhrase(notification)} ${VERBS[notification.type]}`,
    excerpt: notification.excerpt || (HINTS[notification.type] ?? ''),
  };
}

/**
 * Where an entry leads: a follow to the (newest) follower's profile, a request to the list of
 * requests, a notice to its place in the settings, anything else to its post.
 */
export function notificationTarget(notification: Notification): string {
  switch (notification.type) {
    case 'follow': {
      const newest = notification.actors[0];
      return newest ? `/@${newest.handle}` : '/notifications';
    }
    case 'follow-request':
      return '/follow-requests';
    default:
      return notification.postId === null ? '/settings#your-data' : `/p/${notification.postId}`;
  }
}
