import type { SearchResponse } from '../../../common/contracts/search';
import { highlightTermsOf, parseSearchQuery, type SearchQuery } from '../../../common/search/search-query';
import { errors } from '../../errors';
import { type SerializedJson, serializeJson } from '../../http/serialized-json';
import { createLruCache } from '../../platform/cache/lru-cache';
import type { Db } from '../../platform/db/database';
import type { UsersService } from '../users';
import { decodeSearchCursor } from './search-cursor';
import type { SearchIndex } from './search-index';
import { type PageOfHits, readSearchPage, type SearchPageReader } from './search-page';
import { createSearchIndex } from './search.repository';

/**
 * How long a page of hits is reused. Any post written through this process clears the cache at
 * once; posts written by another process show up within this time.
 */
export const SEARCH_HITS_CACHE_TTL_MS = 10_000;
/** Pages of hits kept, least recently used dropped first. */
export const SEARCH_HITS_CACHE_ENTRIES = 2_000;

export interface SearchServiceDeps {
  db: Db;
  users: UsersService;
  /** Defaults to the database's own index. */
  index?: SearchIndex;
  /** Where pages are read: search worker threads, or (the default) this thread through `db`. */
  readPage?: SearchPageReader;
  /** Authors a viewer blocks, mutes or is blocked by: their posts are left out of results. */
  hiddenAuthorsFor?: (viewerId: string | null) => Promise<ReadonlySet<string>>;
  now?: () => number;
}

/** Whose posts a query keeps: anyone's, one author's, or nobody's (a from: handle nobody has). */
type AuthorScope = { kind: 'anyone' } | { kind: 'author'; id: string } | { kind: 'unknown' };

/**
 * Search over posts and people. Every post is searchable, replies included (they are public
 * posts too, and their page links to the post they answer); a deleted post leaves the index
 * with its row.
 */
export function createSearchService({
  db,
  users,
  index = createSearchIndex(db),
  readPage = (request) => readSearchPage(db, index, request),
  hiddenAuthorsFor = async () => new Set(),
  now = Date.now,
}: SearchServiceDeps) {
  // Only post ids are cached, never posts: each answer reads the posts themselves afresh, so an
  // edit shows at once and a deleted post never comes back. The generation is part of every key:
  // a page computed while a post was being written can never be read after that write.
  const hitsCache = createLruCache<PageOfHits>(SEARCH_HITS_CACHE_ENTRIES);
  let generation = 0;

  async function scopeOf(query: SearchQuery): Promise<AuthorScope> {
    if (query.fromHandle === null) return { kind: 'anyone' };
    const [author] = await users.findByHandles([query.fromHandle]);
    return author ? { kind: 'author', id: author.id } : { kind: 'unknown' };
  }

  return {
    /** A post was written, edited or deleted: cached pages of hits may be wrong now. */
    noteChangedPosts(): void {
      generation += 1;
    },

    /** One page of results, as the API's JSON. */
    async search(
      q: string,
      viewerId: string | null,
      cursorText?: string,
    ): Promise<SerializedJson<SearchResponse>> {
      const cursor = cursorText === undefined ? null : decodeSearchCursor(cursorText);
      if (cursorText !== undefined && cursor === null) throw errors.invalidCursor();
      const query = parseSearchQuery(q);
      const terms = highlightTermsOf(query);
      const scope = await scopeOf(query);
      if (scope.kind === 'unknown')
        return serializeJson<SearchResponse>({
          posts: [],
          people: [],
          matched: 'all',
          terms,
          nextCursor: null,
        });

      const authorId = scope.kind === 'author' ? scope.id : null;
      const key = JSON.stringify([generation, authorId, query.words, query.phrases, cursorText ?? null]);
      const knownHits = hitsCache.get(key, now()) ?? null;
      const hidden = await hiddenAuthorsFor(viewerId);
      const { json, found } = await readPage({
        query,
        terms,
        authorId,
        cursor,
        viewerId,
        hiddenAuthorIds: [...hidden],
        knownHits,
      });
      if (!knownHits) hitsCache.set(key, found, now() + SEARCH_HITS_CACHE_TTL_MS);
      return json;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
