import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import { queryTemplate, type QueryTemplate } from '../../platform/db/query-template';
import type { Database, PostsTable } from '../../platform/db/schema';
import { hiddenAuthorsOf } from '../safety';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';
import { type QuotedColumns, withQuotedPosts } from './quoted-posts';

/** A post's row with its author's names and what the reader did to it, before its quote is read. */
type OwnPostRow = Selectable<PostsTable> & {
  author_handle: string;
  author_display_name: string;
  author_avatar_json: string | null;
  liked_by: string | null;
  bookmarked_by: string | null;
  reposted_by: string | null;
};

/** A post as the queries below answer it: its columns, its author's names, the reader's like, its quote. */
export type PostRow = OwnPostRow & QuotedColumns;

/** The columns a new post is written with; counts and edit time take their defaults. */
export type NewPostRow = Pick<
  PostsTable,
  | 'id'
  | 'author_id'
  | 'parent_id'
  | 'body_html'
  | 'body_text'
  | 'created_at'
  | 'link_preview_json'
  | 'quote_of_id'
> & { images_json?: string };

export type PostScope =
  | { kind: 'feed' }
  | { kind: 'replies'; parentId: string }
  /** A profile's Posts tab: the author's top-level posts. */
  | { kind: 'author'; authorId: string }
  /** A profile's Replies tab. */
  | { kind: 'author-replies'; authorId: string };

type Order = 'newest' | 'oldest';

/** Admins reviewing reports also read posts of suspended accounts; nobody else does. */
export interface ReadOptions {
  includeSuspended?: boolean;
}

function selectPosts(db: Db, viewerId: string | null, { includeSuspended = false }: ReadOptions = {}) {
  // Empty string matches no user: anonymous readers have liked nothing.
  const query = db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .leftJoin('post_likes as my_like', (join) =>
      join.onRef('my_like.post_id', '=', 'posts.id').on('my_like.user_id', '=', viewerId ?? ''),
    )
    .leftJoin('bookmarks as my_bookmark', (join) =>
      join.onRef('my_bookmark.post_id', '=', 'posts.id').on('my_bookmark.user_id', '=', viewerId ?? ''),
    )
    .leftJoin('reposts as my_repost', (join) =>
      join.onRef('my_repost.post_id', '=', 'posts.id').on('my_repost.user_id', '=', viewerId ?? ''),
    )
    .select([
      'posts.id',
      'posts.author_id',
      'posts.parent_id',
      'posts.body_html',
      'posts.body_text',
      'posts.created_at',
      'posts.edited_at',
      'posts.like_count',
      'posts.reply_count',
      'posts.repost_count',
      'posts.quote_of_id',
      'posts.images_json',
      'posts.link_preview_json',
      'users.handle as author_handle',
      'users.display_name as author_display_name',
      'users.avatar_json as author_avatar_json',
      'my_like.user_id as liked_by',
      'my_bookmark.user_id as bookmarked_by',
      'my_repost.user_id as reposted_by',
    ]);
  // The author row is joined anyway: a suspended author's posts cost one column check to hide.
  return includeSuspended ? query : query.where('users.suspended_at', 'is', null);
}

interface ListParams extends Record<string, unknown> {
  viewerId: string;
  scopeId: string;
  createdAt: number;
  id: string;
  limit: number;
}

const listTemplates = new Map<string, QueryTemplate<Database, ListParams, OwnPostRow>>();

/**
 * Page queries come in 32 shapes (scope × cursor or not × order × filtered or not); each is
 * compiled once. Only readers who block, mute or are blocked get the filtered shape.
 */
function listTemplate(kind: PostScope['kind'], hasCursor: boolean, order: Order, isFiltered: boolean) {
  const key = `${kind}:${hasCursor}:${order}:${isFiltered}`;
  let template = listTemplates.get(key);
  if (!template) {
    template = queryTemplate<Database, ListParams, OwnPostRow>((db, param) => {
      let query = selectPosts(db, param('viewerId'));
      if (kind === 'feed') query = query.where('posts.parent_id', 'is', null);
      if (kind === 'replies') query = query.where('posts.parent_id', '=', param('scopeId'));
      if (kind === 'author')
        query = query.where('posts.author_id', '=', param('scopeId')).where('posts.parent_id', 'is', null);
      if (kind === 'author-replies')
        query = query
          .where('posts.author_id', '=', param('scopeId'))
          .where('posts.parent_id', 'is not', null);
      if (isFiltered)
        query = query.where('posts.author_id', 'not in', hiddenAuthorsOf(db, param('viewerId')));
      if (hasCursor) {
        // A row-value comparison walks the (…, created_at, id) index directly on both engines.
        const op = order === 'newest' ? '<' : '>';
        query = query.where((eb) =>
          eb(eb.refTuple('posts.created_at', 'posts.id'), op, eb.tuple(param('createdAt'), param('id'))),
        );
      }
      const direction = order === 'newest' ? 'desc' : 'asc';
      return query
        .orderBy('posts.created_at', direction)
        .orderBy('posts.id', direction)
        .limit(param('limit'));
    });
    listTemplates.set(key, template);
  }
  return template;
}

/** One post by id; a post page and its replies look it up on every read, so compiled once. */
const byIdTemplate = (options: ReadOptions) =>
  queryTemplate<Database, { id: string; viewerId: string }, OwnPostRow>((db, param) =>
    selectPosts(db, param('viewerId'), options).where('posts.id', '=', param('id')),
  );
const byId = byIdTemplate({});
const byIdIncludingSuspended = byIdTemplate({ includeSuspended: true });

function scopeIdOf(scope: PostScope): string {
  switch (scope.kind) {
    case 'feed':
      return '';
    case 'replies':
      return scope.parentId;
    case 'author':
    case 'author-replies':
      return scope.authorId;
  }
}

export function createPostsRepository(db: Db) {
  /**
   * Recounts one of a post's counts from its rows and stores it; recounting rather than
   * incrementing means a count can only be as wrong as its rows. Runs inside the transaction
   * that wrote the rows. On PostgreSQL the post's row is locked first: a concurrent writer of
   * the same post waits for this transaction to commit, and its count (a later statement, so a
   * later snapshot) then sees this transaction's rows as well as its own. Without the lock two
   * replies written at once each counted only themselves. `FOR NO KEY UPDATE` does not conflict
   * with the key-share lock the new row's foreign key already holds, so it cannot deadlock with
   * it. SQLite runs one write transaction at a time, which serializes the recounts by itself.
   */
  async function recount(
    postId: string,
    column: 'like_count' | 'reply_count' | 'repost_count',
  ): Promise<number> {
    if (isPostgres(db))
      await db.selectFrom('posts').select('id').where('id', '=', postId).forNoKeyUpdate().execute();
    const countAll = sql<number>`count(*)`.as('count');
    const counted = {
      like_count: () => db.selectFrom('post_likes').select(countAll).where('post_id', '=', postId),
      repost_count: () => db.selectFrom('reposts').select(countAll).where('post_id', '=', postId),
      reply_count: () => db.selectFrom('posts').select(countAll).where('parent_id', '=', postId),
    }[column]();
    const { count } = await counted.executeTakeFirstOrThrow();
    await db
      .updateTable('posts')
      .set({ [column]: Number(count) })
      .where('id', '=', postId)
      .execute();
    return Number(count);
  }

  return {
    async findById(
      id: string,
      viewerId: string | null,
      { includeSuspended = false }: ReadOptions = {},
    ): Promise<PostRow | undefined> {
      const template = includeSuspended ? byIdIncludingSuspended : byId;
      const [row] = await withQuotedPosts(db, await template.execute(db, { id, viewerId: viewerId ?? '' }));
      return row;
    },

    /**
     * One page in scope order, starting after the cursor. Asks for one extra row to know if more
     * exist. `isFiltered` leaves out the authors the viewer blocks, mutes or is blocked by.
     */
    async list(
      scope: PostScope,
      viewerId: string | null,
      limit: number,
      cursor: PostCursor | null,
      order: Order,
      isFiltered = false,
    ) {
      const template = listTemplate(scope.kind, cursor !== null, order, isFiltered && viewerId !== null);
      const rows = await template.execute(db, {
        viewerId: viewerId ?? '',
        scopeId: scopeIdOf(scope),
        createdAt: cursor?.createdAt ?? 0,
        id: cursor?.id ?? '',
        limit,
      });
      return withQuotedPosts(db, rows);
    },

    async insert(row: NewPostRow) {
      await db.insertInto('posts').values(row).execute();
    },

    async updateBody(id: string, body: { html: string; text: string }, editedAt: number): Promise<void> {
      await db
        .updateTable('posts')
        .set({ body_html: body.html, body_text: body.text, edited_at: editedAt })
        .where('id', '=', id)
        .execute();
    },

    /** The post's hashtags from now on (keys), with what timelines read without the post's row. */
    async replaceHashtags(
      post: Pick<PostRow, 'id' | 'created_at' | 'author_id' | 'parent_id'>,
      tags: readonly string[],
    ): Promise<void> {
      await db.deleteFrom('post_hashtags').where('post_id', '=', post.id).execute();
      if (tags.length === 0) return;
      await db
        .insertInto('post_hashtags')
        .values(
          tags.map((tag) => ({
            post_id: post.id,
            tag,
            created_at: post.created_at,
            author_id: post.author_id,
            top_level: post.parent_id === null ? 1 : 0,
          })),
        )
        .execute();
    },

    async setImages(id: string, imagesJson: string): Promise<void> {
      await db.updateTable('posts').set({ images_json: imagesJson }).where('id', '=', id).execute();
    },

    async replyIds(postId: string): Promise<string[]> {
      const rows = await db.selectFrom('posts').select('id').where('parent_id', '=', postId).execute();
      return rows.map((row) => row.id);
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('posts').where('id', '=', id).execute();
    },

    /** Every post of the author, with the parent each reply answers. */
    findIdsByAuthor(authorId: string): Promise<{ id: string; parent_id: string | null }[]> {
      return db.selectFrom('posts').select(['id', 'parent_id']).where('author_id', '=', authorId).execute();
    },

    /**
     * Deletes the author's posts (replies to them go too: parent_id cascades; likes too) and
     * returns the rows deleted, so a post written meanwhile has its parent recounted as well.
     */
    deleteByAuthor(authorId: string): Promise<{ id: string; parent_id: string | null }[]> {
      return db
        .deleteFrom('posts')
        .where('author_id', '=', authorId)
        .returning(['id', 'parent_id'])
        .execute();
    },

    /** Deletes the user's likes and returns the posts that had them, for their recount. */
    async deleteLikesBy(userId: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('post_likes')
        .where('user_id', '=', userId)
        .returning('post_id')
        .execute();
      return rows.map((row) => row.post_id);
    },

    /** Recounts one post's likes from its rows (see recount). */
    refreshLikeCount(postId: string): Promise<number> {
      return recount(postId, 'like_count');
    },

    /** Recounts one post's replies from its rows (see recount). */
    refreshReplyCount(postId: string): Promise<number> {
      return recount(postId, 'reply_count');
    },

    async setLike(postId: string, userId: string, isLiked: boolean, at: number): Promise<number> {
      if (isLiked) {
        await db
          .insertInto('post_likes')
          .values({ post_id: postId, user_id: userId, created_at: at })
          .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
          .execute();
      } else {
        await db
          .deleteFrom('post_likes')
          .where('post_id', '=', postId)
          .where('user_id', '=', userId)
          .execute();
      }
      return recount(postId, 'like_count');
    },

    /** Recounts one post's reposts from its rows (see recount). */
    refreshRepostCount(postId: string): Promise<number> {
      return recount(postId, 'repost_count');
    },

    /**
     * Adds the user's repost of the post (`id`, `at`) or takes it back. Answers the repost
     * written or deleted (null when there was nothing to do: reposting twice keeps the first)
     * and the new count.
     */
    async setRepost(
      postId: string,
      userId: string,
      repost: { id: string; at: number } | null,
    ): Promise<{ changed: { id: string; created_at: number } | null; repostCount: number }> {
      const changed = repost
        ? await db
            .insertInto('reposts')
            .values({ id: repost.id, post_id: postId, user_id: userId, created_at: repost.at })
            .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
            .returning(['id', 'created_at'])
            .executeTakeFirst()
        : await db
            .deleteFrom('reposts')
            .where('post_id', '=', postId)
            .where('user_id', '=', userId)
            .returning(['id', 'created_at'])
            .executeTakeFirst();
      return {
        changed: changed ? { id: changed.id, created_at: Number(changed.created_at) } : null,
        repostCount: await recount(postId, 'repost_count'),
      };
    },

    /** Deletes the user's reposts and returns them, for their posts' recount. */
    deleteRepostsBy(userId: string): Promise<{ id: string; post_id: string }[]> {
      return db.deleteFrom('reposts').where('user_id', '=', userId).returning(['id', 'post_id']).execute();
    },

    /** Appends to the event log and returns the event's sequence number. */
    async nextEventSeq(type: string, at: number): Promise<number> {
      const row = await db
        .insertInto('feed_events')
        .values({ type, created_at: at })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    async pruneEvents(olderThan: number): Promise<void> {
      await db.deleteFrom('feed_events').where('created_at', '<', olderThan).execute();
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;

type ByIdsParams = Record<string, string>;
const byIdsTemplates = new Map<number, QueryTemplate<Database, ByIdsParams, OwnPostRow>>();

/**
 * The posts with these ids that still exist, in no particular order (search orders them). One
 * compiled query per number of ids (a page holds at most a few dozen), like the page queries.
 */
export async function findPostsByIds(
  db: Db,
  ids: readonly string[],
  viewerId: string | null,
): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  let template = byIdsTemplates.get(ids.length);
  if (!template) {
    template = queryTemplate<Database, ByIdsParams, OwnPostRow>((db, param) =>
      selectPosts(db, param('viewerId')).where(
        'posts.id',
        'in',
        ids.map((_, i) => param(`id${i}`)),
      ),
    );
    byIdsTemplates.set(ids.length, template);
  }
  const params: ByIdsParams = { viewerId: viewerId ?? '' };
  ids.forEach((id, i) => (params[`id${i}`] = id));
  return withQuotedPosts(db, await template.execute(db, params));
}
