import type { Notification } from '../../../common/contracts/notifications';
import { NOTIFICATION_EXCERPT_LENGTH } from './limits';
import type { NotificationRow } from './notifications.repository';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    actor: { id: row.actor_id, handle: row.actor_handle, displayName: row.actor_display_name },
    postId: row.post_id,
    excerpt: excerptOf(row.post_text),
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}

/** One line: whitespace runs become a space; cut on a character boundary, with an ellipsis. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(line);
  if (characters.length <= NOTIFICATION_EXCERPT_LENGTH) return line;
  return `${characters.slice(0, NOTIFICATION_EXCERPT_LENGTH).join('').trimEnd()}…`;
}
