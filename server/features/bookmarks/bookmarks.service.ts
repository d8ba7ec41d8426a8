import type { BookmarkResponse } from '../../../common/contracts/bookmarks';
import { MAX_BOOKMARKS_PER_USER } from '../../../common/contracts/limits';
import { FEED_PAGE_SIZE, type PostPage } from '../../../common/contracts/posts';
import { errors } from '../../errors';
import { decodeCursor, encodeCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import { findPostsByIds, presentPost, type PostsService } from '../posts';

export interface BookmarksServiceDeps {
  db: Db;
  /** Answers 404 for a post the reader may not see (deleted, hidden by a block or mute). */
  posts: Pick<PostsService, 'get'>;
  hiddenAuthorsFor: (viewerId: string | null) => Promise<ReadonlySet<string>>;
  now?: () => number;
}

/** Private bookmarks: nobody but their owner ever reads them, counts included. */
export function createBookmarksService({
  db,
  posts,
  hiddenAuthorsFor,
  now = Date.now,
}: BookmarksServiceDeps) {
  return {
    async add(userId: string, postId: string): Promise<BookmarkResponse> {
      await posts.get(postId, userId);
      const { count } = await db
        .selectFrom('bookmarks')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_BOOKMARKS_PER_USER) throw errors.tooManyBookmarks(MAX_BOOKMARKS_PER_USER);
      await db
        .insertInto('bookmarks')
        .values({ user_id: userId, post_id: postId, created_at: now() })
        .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
        .execute();
      return { bookmarkedByMe: true };
    },

    async remove(userId: string, postId: string): Promise<BookmarkResponse> {
      await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('post_id', '=', postId).execute();
      return { bookmarkedByMe: false };
    },

    /** Newest bookmark first; posts of authors the reader now hides are left out. */
    async list(userId: string, cursor?: string): Promise<PostPage> {
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && after === null) throw errors.invalidCursor();
      let query = db
        .selectFrom('bookmarks')
        .select(['post_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('post_id', 'desc')
        .limit(FEED_PAGE_SIZE + 1);
      if (after)
        query = query.where((eb) =>
          eb(eb.refTuple('created_at', 'post_id'), '<', eb.tuple(after.createdAt, after.id)),
        );
      const entries = await query.execute();
      const shown = entries.slice(0, FEED_PAGE_SIZE);
      const hidden = await hiddenAuthorsFor(userId);
      const rows = await findPostsByIds(
        db,
        shown.map((entry) => entry.post_id),
        userId,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const last = shown.at(-1);
      return {
        posts: shown.flatMap((entry) => {
          const row = byId.get(entry.post_id);
          return row && !hidden.has(row.author_id) ? [presentPost(row, hidden)] : [];
        }),
        nextCursor:
          entries.length > FEED_PAGE_SIZE && last
            ? encodeCursor({ createdAt: Number(last.created_at), id: last.post_id })
            : null,
      };
    },
  };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
