import type { Notification } from '../../../common/contracts/notifications';

const VERBS: Record<Notification['type'], string> = {
  mention: 'mentioned you',
  reply: 'replied to your post',
  like: 'liked your post',
};

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
  return {
    sentence: `${actorsPhrase(notification)} ${VERBS[notification.type]}`,
    excerpt: notification.excerpt,
  };
}
