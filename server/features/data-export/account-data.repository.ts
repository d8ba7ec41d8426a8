import type { Db } from '../../platform/db/database';
import { DATA_EXPORT_PAGE_SIZE } from './limits';

/** Where a page stopped: the last row's time and id (keyset, so a page never skips or repeats). */
interface Keyset {
  at: number;
  id: string;
}

export interface ExportedPostRow {
  id: string;
  parent_id: string | null;
  body_html: string;
  body_text: string;
  created_at: number;
  edited_at: number | null;
  images_json: string;
  link_preview_json: string | null;
  quote_of_id: string | null;
}

export interface ExportedLikeRow {
  post_id: string;
  created_at: number;
}

export interface ExportedFollowRow {
  followee_id: string;
  handle: string;
  created_at: number;
}

export interface ExportedMediaRow {
  id: string;
  image_json: string;
}

/**
 * What an archive holds of one account, read a page at a time, oldest first: the account's
 * posts (replies included), the posts it liked, bookmarked and reposted, whom and what it
 * follows, and its uploads.
 */
export function createAccountDataRepository(db: Db) {
  /** Every row of a keyset query, one page in memory at a time. */
  async function* paged<T>(
    readPage: (from: Keyset | null) => Promise<T[]>,
    keysetOf: (row: T) => Keyset,
  ): AsyncGenerator<T> {
    let from: Keyset | null = null;
    for (;;) {
      const page = await readPage(from);
      yield* page;
      const last = page.at(-1);
      if (!last || page.length < DATA_EXPORT_PAGE_SIZE) return;
      from = keysetOf(last);
    }
  }

  /** The posts the user liked, bookmarked or reposted: one row per post, by when. */
  function postsMarkedBy(
    table: 'post_likes' | 'bookmarks' | 'reposts',
    userId: string,
  ): AsyncGenerator<ExportedLikeRow> {
    return paged(
      (from) => {
        let query = db.selectFrom(table).select(['post_id', 'created_at']).where('user_id', '=', userId);
        if (from)
          query = query.where((eb) =>
            eb(eb.refTuple('created_at', 'post_id'), '>', eb.tuple(from.at, from.id)),
          );
        return query.orderBy('created_at').orderBy('post_id').limit(DATA_EXPORT_PAGE_SIZE).execute();
      },
      (row) => ({ at: Number(row.created_at), id: row.post_id }),
    );
  }

  return {
    posts(userId: string): AsyncGenerator<ExportedPostRow> {
      return paged(
        (from) => {
          let query = db
            .selectFrom('posts')
            .select([
              'id',
              'parent_id',
              'body_html',
              'body_text',
              'created_at',
              'edited_at',
              'images_json',
              'link_preview_json',
              'quote_of_id',
            ])
            .where('author_id', '=', userId);
          if (from)
            query = query.where((eb) =>
              eb.or([
                eb('created_at', '>', from.at),
                eb.and([eb('created_at', '=', from.at), eb('id', '>', from.id)]),
              ]),
            );
          return query.orderBy('created_at').orderBy('id').limit(DATA_EXPORT_PAGE_SIZE).execute();
        },
        (row) => ({ at: Number(row.created_at), id: row.id }),
      );
    },

    likes: (userId: string) => postsMarkedBy('post_likes', userId),
    bookmarks: (userId: string) => postsMarkedBy('bookmarks', userId),
    reposts: (userId: string) => postsMarkedBy('reposts', userId),

    /** The accounts it follows, with their handles of the moment. */
    following(userId: string): AsyncGenerator<ExportedFollowRow> {
      return paged(
        (from) => {
          let query = db
            .selectFrom('follows')
            .innerJoin('users', 'users.id', 'follows.followee_id')
            .select(['follows.followee_id', 'users.handle', 'follows.created_at'])
            .where('follows.follower_id', '=', userId);
          if (from)
            query = query.where((eb) =>
              eb(eb.refTuple('follows.created_at', 'follows.followee_id'), '>', eb.tuple(from.at, from.id)),
            );
          return query
            .orderBy('follows.created_at')
            .orderBy('follows.followee_id')
            .limit(DATA_EXPORT_PAGE_SIZE)
            .execute();
        },
        (row) => ({ at: Number(row.created_at), id: row.followee_id }),
      );
    },

    /** The hashtags it follows (at most MAX_FOLLOWED_TAGS_PER_USER: one read). */
    async followedTags(userId: string): Promise<{ tag: string; created_at: number }[]> {
      return db
        .selectFrom('followed_hashtags')
        .select(['tag', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('tag')
        .execute();
    },

    /** Every upload the account still has: posted images, its picture, images not posted yet. */
    media(userId: string): AsyncGenerator<ExportedMediaRow & { created_at: number }> {
      return paged(
        (from) => {
          let query = db
            .selectFrom('media')
            .select(['id', 'image_json', 'created_at'])
            .where('owner_id', '=', userId);
          if (from)
            query = query.where((eb) =>
              eb.or([
                eb('created_at', '>', from.at),
                eb.and([eb('created_at', '=', from.at), eb('id', '>', from.id)]),
              ]),
            );
          return query.orderBy('created_at').orderBy('id').limit(DATA_EXPORT_PAGE_SIZE).execute();
        },
        (row) => ({ at: Number(row.created_at), id: row.id }),
      );
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
