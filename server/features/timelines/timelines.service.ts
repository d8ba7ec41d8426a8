import { FEED_PAGE_SIZE, type PostPage } from '../../../common/contracts/posts';
import type { TrendingTagsResponse } from '../../../common/contracts/hashtags';
import { TRENDING_WINDOW_MS } from '../../../common/contracts/hashtags';
import { errors } from '../../errors';
import { decodeCursor, encodeCursor, type PostCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import { findPostsByIds, presentPost } from '../posts';
import { HOME_SOURCES_FIRST_MAX_FOLLOWS, TRENDING_CACHE_MS } from './limits';
import { parseAvatar } from '../users';
import { createTimelinesRepository, type EntryRow, type RepostEntryRow } from './timelines.repository';

/** A Home entry: a post, or someone's repost of one. */
type HomeEntry = EntryRow | RepostEntryRow;

const isRepost = (entry: HomeEntry): entry is RepostEntryRow => 'reposter_id' in entry;
const postIdOf = (entry: HomeEntry) => (isRepost(entry) ? entry.post_id : entry.id);

/** Newest first, as the timelines' (created_at, id) keyset orders them. */
function newestFirst(a: HomeEntry, b: HomeEntry): number {
  return Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Posts and reposts in one order, a page and one more. */
function mergeHome(
  posts: readonly EntryRow[],
  reposts: readonly RepostEntryRow[],
  limit: number,
): HomeEntry[] {
  return [...posts, ...reposts].sort(newestFirst).slice(0, limit);
}

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

  async function pageOf(entries: readonly HomeEntry[], viewerId: string | null): Promise<PostPage> {
    const shown = entries.slice(0, FEED_PAGE_SIZE);
    const [rows, hidden] = await Promise.all([
      findPostsByIds(db, [...new Set(shown.map(postIdOf))], viewerId),
      hiddenAuthorsFor(viewerId),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const last = shown.at(-1);
    // A post is on a page once, as its newest entry there: a post reposted by two followed
    // accounts, or reposted and there anyway, shows once. The cursor still moves past the others.
    const onPage = new Set<string>();
    return {
      // Suspended authors' posts are not read back: a page may be a little short, never wrong.
      posts: shown.flatMap((entry) => {
        const row = byId.get(postIdOf(entry));
        if (!row || onPage.has(row.id)) return [];
        onPage.add(row.id);
        const post = presentPost(row, hidden);
        if (!isRepost(entry)) return [post];
        const by = {
          id: entry.reposter_id,
          handle: entry.reposter_handle,
          displayName: entry.reposter_display_name,
          avatar: parseAvatar(entry.reposter_avatar_json),
        };
        return [
          {
            ...post,
            repostedBy: { id: entry.id, by, createdAt: new Date(Number(entry.created_at)).toISOString() },
          },
        ];
      }),
      nextCursor:
        entries.length > FEED_PAGE_SIZE && last
          ? encodeCursor({ createdAt: Number(last.created_at), id: last.id })
          : null,
    };
  }

  return {
    async home(readerId: string, cursor?: string): Promise<PostPage> {
      const query = {
        readerId,
        after: parseCursor(cursor),
        limit: FEED_PAGE_SIZE + 1,
        isFiltered: (await hiddenAuthorsFor(readerId)).size > 0,
      };
      const { entries, following } = await repo.home(query);
      const reposts = await repo.homeReposts({
        ...query,
        // A full page of posts: a repost older than its last one cannot be on the page.
        floor: entries.length === query.limit ? (entries.at(-1) ?? null) : null,
        bySource: following <= HOME_SOURCES_FIRST_MAX_FOLLOWS,
      });
      return pageOf(mergeHome(entries, reposts, query.limit), readerId);
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
