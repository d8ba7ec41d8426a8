import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { PublicUserRow } from '../users';
import { SEARCH_RANKED_MATCHES_MAX } from './limits';
import { partTerms } from './part-terms';
import type { PostHit, PostSearch, SearchIndex, SearchPosition } from './search-index';
import { createPostgresSearchIndex } from './search-postgres.repository';

export { SEARCH_RANKED_MATCHES_MAX };
/**
 * Scores order the three parts of a result list: bm25 is negative, so ranked whole-word matches
 * come first, then older whole-word matches past the ranked window, then part-of-word matches.
 */
const OLDER_MATCH_SCORE = 0;
const PART_MATCH_SCORE = 1;

/** A literal FTS5 string: operators, columns and wildcards inside it are plain text. */
function quote(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

function joiner(search: Pick<PostSearch, 'mode'>): string {
  return search.mode === 'all' ? ' AND ' : ' OR ';
}

/**
 * Words as whole words, phrases as written; the last word also as the beginning of a word, since
 * results follow typing and only the word being typed is unfinished. (Parts of earlier words are
 * still found through the trigram index.) A prefix query merges the lists of every word it
 * begins, so keeping it to one word keeps a search cheap.
 */
function wordsExpression(search: Omit<PostSearch, 'authorId'>): string | null {
  const last = search.words.length - 1;
  const words = search.words.map((word, i) => (i === last ? `${quote(word)}*` : quote(word)));
  const terms = [...words, ...search.phrases.map(quote)];
  return terms.length === 0 ? null : terms.join(joiner(search));
}

/** Words and phrases anywhere inside the text (see partTerms), as an FTS5 trigram query. */
function partsExpression(search: Omit<PostSearch, 'authorId'>): string | null {
  return partTerms(search)?.map(quote).join(joiner(search)) ?? null;
}

/** Limits index rows (by doc id) to one author's posts. */
function byAuthor(column: RawBuilder<unknown>, authorId: string | null): RawBuilder<unknown> {
  if (authorId === null) return sql`1 = 1`;
  return sql`${column} in (select k.doc_id from posts p join search_post_docs k on k.ref_id = p.id where p.author_id = ${authorId})`;
}

function olderThan(column: RawBuilder<unknown>, after: SearchPosition | null): RawBuilder<unknown> {
  return after === null ? sql`1 = 1` : sql`${column} < ${after.docId}`;
}

/**
 * A row count written into the SQL rather than bound: SQLite plans a bound LIMIT as unknown and
 * sorts without bounds (measured: people search 33 µs bound against 9 µs written). Only our
 * own integers get here, and each distinct count is one more cached statement.
 */
function literalCount(count: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a row count: ${count}`);
  return sql.lit(count);
}

type HitRow = { id: string; score: number; doc_id: number };

const toHit = (row: HitRow): PostHit => ({ id: row.id, score: row.score, docId: row.doc_id });

/**
 * The only code that knows FTS5: every query of the SQLite search index is here. Each query
 * ranks and cuts the page inside the index first and reads the posts table for that page only.
 */
export function createSqliteSearchIndex(db: Db): SearchIndex {
  /** The doc id where the ranked window starts, or null when every match fits in it. */
  async function rankedWindowStart(search: PostSearch, words: string): Promise<number | null> {
    const rowid = sql.ref('rowid');
    const { rows } = await sql<{ doc_id: number }>`
      select rowid as doc_id from posts_fts
      where posts_fts match ${words} and ${byAuthor(rowid, search.authorId)}
      order by rowid desc
      limit 1 offset ${literalCount(SEARCH_RANKED_MATCHES_MAX - 1)}
    `.execute(db);
    return rows[0]?.doc_id ?? null;
  }

  /**
   * Whole-word matches in the ranked window (the newest SEARCH_RANKED_MATCHES_MAX), by bm25, then
   * newest first. The index walks the window once, scoring as it goes, so no query of its own is
   * needed to find where the window starts.
   */
  async function wordHits(search: PostSearch, words: string, after: SearchPosition | null, limit: number) {
    const rowid = sql.ref('rowid');
    const afterFilter =
      after === null
        ? sql`1 = 1`
        : sql`(s.score > ${after.score} or (s.score = ${after.score} and s.doc_id < ${after.docId}))`;
    const { rows } = await sql<HitRow>`
      select k.ref_id as id, s.score, s.doc_id from (
        select doc_id, score from (
          select rowid as doc_id, bm25(posts_fts) as score from posts_fts
          where posts_fts match ${words} and ${byAuthor(rowid, search.authorId)}
          order by rowid desc
          limit ${literalCount(SEARCH_RANKED_MATCHES_MAX)}
        ) s
        where ${afterFilter}
        order by s.score, s.doc_id desc
        limit ${literalCount(limit)}
      ) s
      join search_post_docs k on k.doc_id = s.doc_id
      order by s.score, s.doc_id desc
    `.execute(db);
    return rows.map(toHit);
  }

  /** Whole-word matches older than the ranked window, newest first. */
  async function olderWordHits(
    search: PostSearch,
    words: string,
    windowStart: number,
    after: SearchPosition | null,
    limit: number,
  ) {
    const rowid = sql.ref('rowid');
    const { rows } = await sql<HitRow>`
      select k.ref_id as id, ${sql.lit(OLDER_MATCH_SCORE)} as score, s.doc_id from (
        select rowid as doc_id from posts_fts
        where posts_fts match ${words} and rowid < ${windowStart}
          and ${byAuthor(rowid, search.authorId)} and ${olderThan(rowid, after)}
        order by rowid desc
        limit ${literalCount(limit)}
      ) s
      join search_post_docs k on k.doc_id = s.doc_id
      order by s.doc_id desc
    `.execute(db);
    return rows.map(toHit);
  }

  /** Posts that hold the terms only inside longer words (or CJK runs), newest first. */
  async function partHits(
    search: PostSearch,
    parts: string,
    words: string,
    after: SearchPosition | null,
    limit: number,
  ) {
    const rowid = sql.ref('rowid');
    const { rows } = await sql<HitRow>`
      select k.ref_id as id, ${sql.lit(PART_MATCH_SCORE)} as score, s.doc_id from (
        select rowid as doc_id from posts_trigram
        where posts_trigram match ${parts}
          and rowid not in (select rowid from posts_fts where posts_fts match ${words})
          and ${byAuthor(rowid, search.authorId)} and ${olderThan(rowid, after)}
        order by rowid desc
        limit ${literalCount(limit)}
      ) s
      join search_post_docs k on k.doc_id = s.doc_id
      order by s.doc_id desc
    `.execute(db);
    return rows.map(toHit);
  }

  async function authorPosts(authorId: string, after: SearchPosition | null, limit: number) {
    const { rows } = await sql<HitRow>`
      select p.id, ${sql.lit(OLDER_MATCH_SCORE)} as score, k.doc_id from posts p
      join search_post_docs k on k.ref_id = p.id
      where p.author_id = ${authorId} and ${olderThan(sql.ref('k.doc_id'), after)}
      order by k.doc_id desc
      limit ${literalCount(limit)}
    `.execute(db);
    return rows.map(toHit);
  }

  return {
    async findPosts(search, after, limit) {
      const words = wordsExpression(search);
      if (words === null) return search.authorId === null ? [] : authorPosts(search.authorId, after, limit);
      const parts = partsExpression(search);
      // Each part of the list is asked for only once the page has room left after the one before.
      const score = after?.score ?? -Infinity;
      const from = (partScore: number) => (score === partScore ? after : null);
      const hits = score < OLDER_MATCH_SCORE ? await wordHits(search, words, after, limit) : [];
      const windowStart =
        hits.length < limit && score <= OLDER_MATCH_SCORE ? await rankedWindowStart(search, words) : null;
      if (windowStart !== null) {
        hits.push(
          ...(await olderWordHits(search, words, windowStart, from(OLDER_MATCH_SCORE), limit - hits.length)),
        );
      }
      if (hits.length < limit && parts !== null) {
        hits.push(...(await partHits(search, parts, words, from(PART_MATCH_SCORE), limit - hits.length)));
      }
      return hits;
    },

    async findPeople(search, limit) {
      const words = wordsExpression(search);
      if (words === null) return [];
      const parts = partsExpression(search);
      const partMatches =
        parts === null
          ? sql``
          : sql`union all select rowid, ${sql.lit(PART_MATCH_SCORE)} from users_trigram where users_trigram match ${parts}`;
      // Materialized: flattened into the grouping query, bm25 would be asked outside its match
      // and fail ("unable to use function bm25 in the requested context").
      const { rows } = await sql<PublicUserRow>`
        with h (doc_id, score) as materialized (
          select rowid, bm25(users_fts) from users_fts where users_fts match ${words}
          ${partMatches}
        )
        select u.id, u.handle, u.display_name, u.bio, u.avatar_json, u.created_at
        from h
        join search_user_docs k on k.doc_id = h.doc_id
        join users u on u.id = k.ref_id
        where u.suspended_at is null
        group by u.id
        order by min(h.score), u.handle_key
        limit ${literalCount(limit)}
      `.execute(db);
      return rows;
    },
  };
}

/** The search index of this database: FTS5 on SQLite, tsvector and pg_trgm on PostgreSQL. */
export function createSearchIndex(db: Db): SearchIndex {
  return isPostgres(db) ? createPostgresSearchIndex(db) : createSqliteSearchIndex(db);
}
