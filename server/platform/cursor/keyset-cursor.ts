/**
 * Opaque keyset cursor over (created_at, id): stable under inserts, unlike OFFSET, and cheap on
 * any index that ends in (created_at, id), such as the posts' (parent_id, created_at, id). Posts
 * and the safety lists page with it.
 */
export interface PostCursor {
  createdAt: number;
  id: string;
}

export function encodeCursor(cursor: PostCursor): string {
  return Buffer.from(`${cursor.createdAt}:${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): PostCursor | null {
  const decoded = Buffer.from(value, 'base64url').toString('utf8');
  const match = /^(\d{1,16}):([0-9a-f-]{36})$/.exec(decoded);
  if (!match?.[1] || !match[2]) return null;
  return { createdAt: Number(match[1]), id: match[2] };
}
