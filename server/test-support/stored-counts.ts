import type { Db } from '../platform/db/database';

export interface CountDisagreement {
  postId: string;
  column: 'like_count' | 'reply_count';
  stored: number;
  rows: number;
}

/**
 * Every stored count that differs from the rows it counts (a post's likes, its replies); an
 * empty list when they all agree. Counted here independently of the app's own recount.
 */
export async function countsAgreeWithRows(db: Db): Promise<CountDisagreement[]> {
  const rows = await db
    .selectFrom('posts')
    .select((eb) => [
      'posts.id',
      'posts.like_count',
      'posts.reply_count',
      eb
        .selectFrom('post_likes')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('post_likes.post_id', '=', 'posts.id')
        .as('likes'),
      eb
        .selectFrom('posts as replies')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('replies.parent_id', '=', 'posts.id')
        .as('replies'),
    ])
    .orderBy('posts.id')
    .execute();
  const disagreements: CountDisagreement[] = [];
  for (const row of rows) {
    const likes = Number(row.likes);
    const replies = Number(row.replies);
    if (row.like_count !== likes)
      disagreements.push({ postId: row.id, column: 'like_count', stored: row.like_count, rows: likes });
    if (row.reply_count !== replies)
      disagreements.push({ postId: row.id, column: 'reply_count', stored: row.reply_count, rows: replies });
  }
  return disagreements;
}
