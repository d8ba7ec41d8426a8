import type { PostPage } from '../../../common/contracts/posts';
import type { TrendingTagsResponse } from '../../../common/contracts/hashtags';
import { TRENDING_WINDOW_MS } from '../../../common/contracts/hashtags';
import { errors } from '../../errors';
import type { SerializedJson } from '../../http/serialized-json';
import { decodeCursor, type PostCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import { TRENDING_CACHE_MS } from './limits';
import { readTimelinePage, type Timeline, type TimelinePageReader } from './timeline-page';
import { createTimelinesRepository } from './timelines.repository';

export interface TimelinesServiceDeps {
  db: Db;
  hiddenAuthorsFor: (viewerId: string | null) => Promise<ReadonlySet<string>>;
  /** Where pages are read: read worker threads, or (the default) this thread through `db`. */
  readPage?: TimelinePageReader;
  now?: () => number;
}

function parseCursor(cursor: string | undefined): PostCursor | null {
  if (cursor === undefined) return null;
  const after = decodeCursor(cursor);
  if (after === null) throw errors.invalidCursor();
  return after;
}

/** Home and hashtag timelines, and the tags trending on this instance. */
export function createTimelinesService({
  db,
  hiddenAuthorsFor,
  readPage = (request) => readTimelinePage(db, request),
  now = Date.now,
}: TimelinesServiceDeps) {
  const repo = createTimelinesRepository(db);
  let trending: { at: number; answer: TrendingTagsResponse } | null = null;

  /** The cursor and the reader's hidden authors are settled here, so only reading is left. */
  async function page(timeline: Timeline, viewerId: string | null, cursor: string | undefined) {
    const after = parseCursor(cursor);
    const hiddenAuthorIds = [...(await hiddenAuthorsFor(viewerId))];
    return readPage({ timeline, after, hiddenAuthorIds });
  }

  return {
    home(readerId: string, cursor?: string): Promise<SerializedJson<PostPage>> {
      return page({ kind: 'home', readerId }, readerId, cursor);
    },

    tag(tag: string, viewerId: string | null, cursor?: string): Promise<SerializedJson<PostPage>> {
      return page({ kind: 'tag', tag, viewerId }, viewerId, cursor);
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
