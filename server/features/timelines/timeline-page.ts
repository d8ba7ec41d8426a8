import { FEED_PAGE_SIZE, type PostPage } from '../../../common/contracts/posts';
import { type SerializedJson, serializeJson } from '../../http/serialized-json';
import { encodeCursor, type PostCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import { findPostsByIds, presentPost } from '../posts';
import { parseAvatar } from '../users';
import { HOME_SOURCES_FIRST_MAX_FOLLOWS } from './limits';
import { createTimelinesRepository, type EntryRow, type RepostEntryRow } from './timelines.repository';

/** Which timeline a page is of. */
export type Timeline =
  { kind: 'home'; readerId: string } | { kind: 'tag'; tag: string; viewerId: string | null };

/**
 * Everything one timeline page needs, as plain data: it crosses to a read worker thread (see
 * server/read-workers.ts) as it is. The cursor is already checked and the hidden authors already
 * known, so a worker never has to answer with a client error.
 */
export interface TimelinePageRequest {
  timeline: Timeline;
  after: PostCursor | null;
  /** Authors the reader blocks, mutes or is blocked by. */
  hiddenAuthorIds: string[];
}

/** Reads one timeline page, as the API answers it: in this thread, or on a read worker. */
export type TimelinePageReader = (request: TimelinePageRequest) => Promise<SerializedJson<PostPage>>;

/** A Home entry: a post, or someone's repost of one. */
type TimelineEntry = EntryRow | RepostEntryRow;

const isRepost = (entry: TimelineEntry): entry is RepostEntryRow => 'reposter_id' in entry;
const postIdOf = (entry: TimelineEntry) => (isRepost(entry) ? entry.post_id : entry.id);

/** Newest first, as the timelines' (created_at, id) keyset orders them. */
function newestFirst(a: TimelineEntry, b: TimelineEntry): number {
  return Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Posts and reposts in one order, a page and one more. */
function mergeHome(
  posts: readonly EntryRow[],
  reposts: readonly RepostEntryRow[],
  limit: number,
): TimelineEntry[] {
  return [...posts, ...reposts].sort(newestFirst).slice(0, limit);
}

/**
 * One page of Home or of a hashtag: first the page's entries (ids in timeline order, one more
 * than a page to know whether another follows), then those posts, read as the feed reads them.
 */
export async function readTimelinePage(
  db: Db,
  request: TimelinePageRequest,
): Promise<SerializedJson<PostPage>> {
  const repo = createTimelinesRepository(db);
  const { timeline, after } = request;
  const limit = FEED_PAGE_SIZE + 1;
  const isFiltered = request.hiddenAuthorIds.length > 0;
  let entries: TimelineEntry[];
  if (timeline.kind === 'home') {
    const query = { readerId: timeline.readerId, after, limit, isFiltered };
    const home = await repo.home(query);
    const reposts = await repo.homeReposts({
      ...query,
      // A full page of posts: a repost older than its last one cannot be on the page.
      floor: home.entries.length === limit ? (home.entries.at(-1) ?? null) : null,
      bySource: home.following <= HOME_SOURCES_FIRST_MAX_FOLLOWS,
    });
    entries = mergeHome(home.entries, reposts, limit);
  } else {
    entries = await repo.tag(timeline.tag, timeline.viewerId, after, limit, isFiltered);
  }
  const viewerId = timeline.kind === 'home' ? timeline.readerId : timeline.viewerId;
  return serializeJson<PostPage>(await pageOf(db, entries, viewerId, new Set(request.hiddenAuthorIds)));
}

async function pageOf(
  db: Db,
  entries: readonly TimelineEntry[],
  viewerId: string | null,
  hidden: ReadonlySet<string>,
): Promise<PostPage> {
  const shown = entries.slice(0, FEED_PAGE_SIZE);
  const rows = await findPostsByIds(db, [...new Set(shown.map(postIdOf))], viewerId);
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
