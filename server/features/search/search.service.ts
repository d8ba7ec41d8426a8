import { SEARCH_PAGE_SIZE, SEARCH_PEOPLE_LIMIT, type SearchResponse } from '../../../common/contracts/search';
import { highlightTermsOf, parseSearchQuery, type SearchQuery } from '../../../common/search/search-query';
import { errors } from '../../errors';
import { createLruCache } from '../../platform/cache/lru-cache';
import type { Db } from '../../platform/db/database';
import { findPostsByIds } from '../posts/posts.repository';
import { presentPublicProfile } from '../users/user.presenter';
import type { UsersService } from '../users/users.service';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search-cursor';
import type { MatchMode, PostHit, SearchIndex } from './search-index';
import { createSearchIndex } from './search.repository';
import { presentSearchPost } from './search.presenter';

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
  /** Authors a viewer blocks, mutes or is blocked by: their posts are left out of results. */
  hiddenAuthorsFor?: (viewerId: string | null) => Promise<ReadonlySet<string>>;
  now?: () => number;
}

type PageOfHits = { hits: PostHit[]; mode: MatchMode };

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

  /**
   * One page of hits and the mode that found them, plus one extra hit that tells whether
   * another page exists. A first page where nothing has every term falls back to any term.
   */
  async function findHits(
    searchIndex: SearchIndex,
    query: SearchQuery,
    authorId: string | null,
    cursor: SearchCursor | null,
  ) {
    const find = (mode: MatchMode) =>
      searchIndex.findPosts({ ...query, authorId, mode }, cursor?.after ?? null, SEARCH_PAGE_SIZE + 1);
    const mode: MatchMode = cursor?.mode ?? 'all';
    const hits = await find(mode);
    const termCount = query.words.length + query.phrases.length;
    if (hits.length > 0 || cursor !== null || termCount < 2) return { hits, mode };
    return { hits: await find('any'), mode: 'any' as const };
  }

  async function postsFor(hits: readonly PostHit[], viewerId: string | null, terms: readonly string[]) {
    const rows = await findPostsByIds(
      db,
      hits.map((hit) => hit.id),
      viewerId,
    );
    // Hidden after the index cut the page, so such a page may come out short; never wrong.
    const hidden = await hiddenAuthorsFor(viewerId);
    const byId = new Map(rows.filter((row) => !hidden.has(row.author_id)).map((row) => [row.id, row]));
    return hits.flatMap((hit) => {
      const row = byId.get(hit.id);
      return row ? [presentSearchPost(row, terms)] : [];
    });
  }

  return {
    /** A post was written, edited or deleted: cached pages of hits may be wrong now. */
    noteChangedPosts(): void {
      generation += 1;
    },

    async search(q: string, viewerId: string | null, cursorText?: string): Promise<SearchResponse> {
      const cursor = cursorText === undefined ? null : decodeSearchCursor(cursorText);
      if (cursorText !== undefined && cursor === null)
        throw errors.badRequest('invalid_cursor', 'That page cursor is not valid.');
      const query = parseSearchQuery(q);
      const terms = highlightTermsOf(query);
      const scope = await scopeOf(query);
      if (scope.kind === 'unknown') return { posts: [], people: [], matched: 'all', terms, nextCursor: null };

      const authorId = scope.kind === 'author' ? scope.id : null;
      const key = JSON.stringify([generation, authorId, query.words, query.phrases, cursorText ?? null]);
      let found = hitsCache.get(key, now());
      if (!found) {
        found = await findHits(index, query, authorId, cursor);
        hitsCache.set(key, found, now() + SEARCH_HITS_CACHE_TTL_MS);
      }
      const { hits, mode } = found;
      const page = hits.slice(0, SEARCH_PAGE_SIZE);
      const last = page.at(-1);
      const people =
        cursor === null && scope.kind === 'anyone'
          ? await index.findPeople({ ...query, mode }, SEARCH_PEOPLE_LIMIT)
          : [];
      return {
        posts: await postsFor(page, viewerId, terms),
        people: people.map(presentPublicProfile),
        matched: mode,
        terms,
        nextCursor:
          hits.length > SEARCH_PAGE_SIZE && last
            ? encodeSearchCursor({ mode, after: { score: last.score, docId: last.docId } })
            : null,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
