import type { GroupCursor } from './notifications.repository';

/**
 * Opaque keyset cursor over a group's (newest time, id). A group that gains a member moves to
 * the top, so a reader paging at that moment may meet it again there: never a lost entry.
 */
export function encodeGroupCursor(cursor: GroupCursor): string {
  return Buffer.from(`${cursor.latestAt}:${cursor.groupId}`).toString('base64url');
}

export function decodeGroupCursor(value: string): GroupCursor | null {
  const decoded = Buffer.from(value, 'base64url').toString('utf8');
  const match = /^(\d{1,16}):([0-9a-f-]{36})$/.exec(decoded);
  if (!match?.[1] || !match[2]) return null;
  return { latestAt: Number(match[1]), groupId: match[2] };
}
