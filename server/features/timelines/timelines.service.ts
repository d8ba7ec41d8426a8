import { FEED_PAGE_SIZE, type PostPage } from '../../../common/contracts/posts';
import type { TrendingTagsResponse } from '../../../common/contracts/hashtags';
import { TRENDING_WINDOW_MS } from '../../../common/contracts/hashtags';
import { errors } from '../../errors';
import { decodeCursor, encodeCursor, type PostCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import { findPostsByIds, presentPost } from '../posts';
import { TRENDING_CACHE_MS } from './limits';
import { createTimelinesRepository, type EntryRow } from './timelines.repository';

export interface TimelinesServiceDeps {
  db: Db;
  hiddenAuthorsFor: (viewerId: string | null) => Promise<ReadonlySet<string>>;
  now?: () => number;
}

function parseCursor(cursor: string | undefined): PostCursor | null {
  if (cursor === undefined) return null;
  const after = decodeCursor(cursor);
  if (after === null) throw errors.invalidCursor();
  return after;
}

/**
 * Home and hashtag timelines. Each first finds a page of entries (ids in timeline order, one
 * more than a page to know whether another follows), then reads those posts as the feed does.
 */
export function createTimelinesService({ db, hiddenAuthorsFor, now = Date.now }: TimelinesServiceDeps) {
  const repo = createTimelinesRepository(db);
  let trending: { at: number; answer: TrendingTagsResponse } | null = null;

  async function pageOf(entries: readonly EntryRow[], viewerId: string | null): Promise<PostPage> {
    const shown = entries.slice(0, FEED_PAGE_SIZE);
    const rows = await findPostsByIds(
      db,
      shown.map((entry) => entry.id),
      viewerId,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const last = shown.at(-1);
    return {
      // Suspended authors' posts are not read back: a page may be a little short, never wrong.
      posts: shown.flatMap((entry) => {
        const row = byId.get(entry.id);
        return row ? [presentPost(row)] : [];
      }),
      nextCursor:
        entries.length > FEED_PAGE_SIZE && last
          ? encodeCursor({ createdAt: Number(last.created_at), id: last.id })
          : null,
    };
  }

  return {
    async home(readerId: string, cursor?: string): Promise<PostPage> {
      const { entries } = await repo.home({
        readerId,
        after: parseCursor(cursor),
        limit: FEED_PAGE_SIZE + 1,
        isFiltered: (await hiddenAuthorsFor(readerId)).size > 0,
      });
      return pageOf(entries, readerId);
    },

    async tag(tag: string, viewerId: string | null, cursor?: string): Promise<PostPage> {
      const isFiltered = (await hiddenAuthorsFor(viewerId)).size > 0;
      const entries = await repo.tag(tag, viewerId, parseCursor(cursor), FEED_PAGE_SIZE + 1, isFiltered);
      return pageOf(entries, viewerId);
    },

    /** Counted at most once a minute per node: it reads a day of tags. */
    async trending(): Promise<TrendingTagsResponse> {
      const at = now();
      if (trending && at - trending.at < TRENDING_CACHE_MS) return trending.answer;
      const answer = { tags: await repo.trending(at - TRENDING_WINDOW_MS) };
      trending = { at, answer };
      return answer;
    },
  };
}

export type TimelinesService = ReturnType<typeof createTimelinesService>;
