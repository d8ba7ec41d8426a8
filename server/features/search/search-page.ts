import { SEARCH_PAGE_SIZE, SEARCH_PEOPLE_LIMIT, type SearchResponse } from '../../../common/contracts/search';
import type { SearchQuery } from '../../../common/search/search-query';
import { type SerializedJson, serializeJson } from '../../http/serialized-json';
import type { Db } from '../../platform/db/database';
import { findPostsByIds } from '../posts';
import { presentPublicProfile } from '../users';
import { encodeSearchCursor, type SearchCursor } from './search-cursor';
import type { MatchMode, PostHit, SearchIndex } from './search-index';
import { presentSearchPost } from './search.presenter';

/** One page of hits and the mode that found them, plus one extra hit telling whether more exist. */
export interface PageOfHits {
  hits: PostHit[];
  mode: MatchMode;
}

/**
 * Everything one page of results needs, as plain data: it crosses to a search worker thread
 * (see search-workers.ts) as it is.
 */
export interface SearchPageRequest {
  query: SearchQuery;
  /** What the results highlight. */
  terms: string[];
  /** Only this author's posts (from:@handle), or anyone's. */
  authorId: string | null;
  cursor: SearchCursor | null;
  viewerId: string | null;
  /** Authors the viewer blocks, mutes or is blocked by. */
  hiddenAuthorIds: string[];
  /** Hits already found for this page (the service's cache): the index is not asked again. */
  knownHits: PageOfHits | null;
}

export interface SearchPage {
  /** The page as the API answers it, already serialized. */
  json: SerializedJson<SearchResponse>;
  /** The hits behind the page, for the service to reuse. */
  found: PageOfHits;
}

/** Reads one page of results: in this thread, or on a search worker. */
export type SearchPageReader = (request: SearchPageRequest) => Promise<SearchPage>;

/** A first page where nothing has every term falls back to any term. */
async function findHits(
  index: SearchIndex,
  { query, authorId, cursor }: SearchPageRequest,
): Promise<PageOfHits> {
  const find = (mode: MatchMode) =>
    index.findPosts({ ...query, authorId, mode }, cursor?.after ?? null, SEARCH_PAGE_SIZE + 1);
  const mode: MatchMode = cursor?.mode ?? 'all';
  const hits = await find(mode);
  const termCount = query.words.length + query.phrases.length;
  if (hits.length > 0 || cursor !== null || termCount < 2) return { hits, mode };
  return { hits: await find('any'), mode: 'any' };
}

/**
 * One page of search results from the index and the posts table. The posts themselves are read
 * afresh on every call, so an edit shows at once and a deleted post never comes back, even when
 * the hits are reused.
 */
export async function readSearchPage(
  db: Db,
  index: SearchIndex,
  request: SearchPageRequest,
): Promise<SearchPage> {
  const found = request.knownHits ?? (await findHits(index, request));
  const { hits, mode } = found;
  const page = hits.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  const people =
    request.cursor === null && request.authorId === null
      ? await index.findPeople({ ...request.query, mode }, SEARCH_PEOPLE_LIMIT)
      : [];
  const rows = await findPostsByIds(
    db,
    page.map((hit) => hit.id),
    request.viewerId,
  );
  // Hidden after the index cut the page, so such a page may come out short; never wrong.
  const hidden = new Set(request.hiddenAuthorIds);
  const byId = new Map(rows.filter((row) => !hidden.has(row.author_id)).map((row) => [row.id, row]));
  const posts = page.flatMap((hit) => {
    const row = byId.get(hit.id);
    return row ? [presentSearchPost(row, request.terms, hidden)] : [];
  });
  return {
    found,
    json: serializeJson<SearchResponse>({
      posts,
      people: people.map(presentPublicProfile),
      matched: mode,
      terms: request.terms,
      nextCursor:
        hits.length > SEARCH_PAGE_SIZE && last
          ? encodeSearchCursor({ mode, after: { score: last.score, docId: last.docId } })
          : null,
    }),
  };
}
