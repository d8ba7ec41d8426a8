import type { Notification } from '../../../common/contracts/notifications';
import { NOTIFICATION_EXCERPT_LENGTH } from './limits';
import type { NotificationGroupRow, NotificationMemberRow } from './notifications.repository';

/**
 * One list entry from its summary and its newest members (newest first, one per actor). The
 * newest member decides the post to open and the excerpt.
 */
export function presentGroup(
  group: NotificationGroupRow,
  members: readonly NotificationMemberRow[],
): Notification | null {
  const newest = members[0];
  if (!newest) return null;
  return {
    id: group.group_id,
    type: newest.type,
    actors: members.flatMap((member) =>
      member.actor_id === null
        ? []
        : [
            {
              id: member.actor_id,
              handle: member.actor_handle ?? '',
              displayName: member.actor_display_name ?? '',
            },
          ],
    ),
    actorCount: group.actor_count,
    postId: newest.post_id,
    excerpt: excerptOf(newest.source_text ?? ''),
    createdAt: new Date(group.latest_at).toISOString(),
    // Members are all read or all unread in practice (a group takes new members only while
    // unread and is read as a whole); the rule still holds if one is not.
    readAt: group.unread_members > 0 ? null : new Date(Math.max(...members.map(readTime))).toISOString(),
  };
}

const readTime = (member: NotificationMemberRow) => member.read_at ?? 0;

/** One line: whitespace runs become a space; cut on a character boundary, with an ellipsis. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(line);
  if (characters.length <= NOTIFICATION_EXCERPT_LENGTH) return line;
  return `${characters.slice(0, NOTIFICATION_EXCERPT_LENGTH).join('').trimEnd()}…`;
}
