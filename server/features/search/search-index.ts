import type { PublicUserRow } from '../users';

/** How a query's words and phrases combine: all of them, or (the fallback) any one. */
export type MatchMode = 'all' | 'any';

export interface PostSearch {
  words: readonly string[];
  phrases: readonly string[];
  /** Only this author's posts (from:@handle), or anyone's. */
  authorId: string | null;
  mode: MatchMode;
}

/**
 * Where a page of results ends. `score` is the index's relevance (lower is better); posts with
 * the same score (or found without one) follow newest first, by `docId`, the index's own number
 * for a post, which grows in the order posts are written.
 */
export interface SearchPosition {
  score: number;
  docId: number;
}

export type PostHit = SearchPosition & { id: string };

/**
 * What the search service needs of a full-text index: SQLite's FTS5 (search.repository.ts) or
 * PostgreSQL's tsvector and pg_trgm (search-postgres.repository.ts), which answer alike.
 */
export interface SearchIndex {
  /** Best first, starting after `after`; at most `limit` hits. Without words or phrases: newest first. */
  findPosts(search: PostSearch, after: SearchPosition | null, limit: number): Promise<PostHit[]>;
  /** Accounts whose handle or display name matches, best first; never suspended ones. */
  findPeople(search: Omit<PostSearch, 'authorId'>, limit: number): Promise<PublicUserRow[]>;
}
