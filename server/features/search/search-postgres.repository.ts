import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PublicUserRow } from '../users';
import { SEARCH_RANKED_MATCHES_MAX } from './limits';
import { partTerms } from './part-terms';
import type { PostHit, PostSearch, SearchIndex, SearchPosition } from './search-index';

/** Same scores for the three parts of a result list as the SQLite index (search.repository.ts). */
const OLDER_MATCH_SCORE = 0;
const PART_MATCH_SCORE = 1;

type Terms = Omit<PostSearch, 'authorId'>;
type Sql = RawBuilder<unknown>;

const fold = (term: string): Sql => sql`tidings_search_fold(${term})`;

/**
 * A word (or phrase) as words side by side, in order; `prefix` lets its words be beginnings.
 * The prefix form quotes the folded term as one tsquery literal, so operators and weights in it
 * are plain text; the parser still splits it into words the way it split the indexed text.
 */
function termQuery(term: string, prefix: boolean): Sql {
  if (!prefix) return sql`phraseto_tsquery('simple', ${fold(term)})`;
  return sql`to_tsquery('simple', '''' || replace(replace(${fold(term)}, '\\', '\\\\'), '''', '''''') || ''':*')`;
}

/**
 * Words as whole words, phrases as written, the last word also as a word beginning (results
 * follow typing), combined with && for every term or || for any one.
 */
function wordsQuery(search: Terms): Sql | null {
  const last = search.words.length - 1;
  const terms = [
    ...search.words.map((word, i) => termQuery(word, i === last)),
    ...search.phrases.map((phrase) => termQuery(phrase, false)),
  ];
  if (terms.length === 0) return null;
  return sql`(${sql.join(terms, search.mode === 'all' ? sql` && ` : sql` || `)})`;
}

/** `%`, `_` and `\` in a term are literal characters, not LIKE wildcards. */
function likeContaining(term: string): Sql {
  const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`('%' || ${fold(escaped)} || '%')`;
}

/** Terms anywhere inside the folded text (see partTerms): pg_trgm answers LIKE '%…%' from its GIN index. */
function partsCondition(search: Terms, folded: Sql): Sql | null {
  const each = partTerms(search)?.map((term) => sql`${folded} like ${likeContaining(term)}`);
  return each ? sql`(${sql.join(each, search.mode === 'all' ? sql` and ` : sql` or `)})` : null;
}

function byAuthor(authorId: string | null): Sql {
  if (authorId === null) return sql`true`;
  return sql`d.post_id in (select id from posts where author_id = ${authorId})`;
}

function olderThan(after: SearchPosition | null): Sql {
  return after === null ? sql`true` : sql`d.doc_id < ${after.docId}`;
}

type HitRow = { id: string; score: number; doc_id: number };

const toHit = (row: HitRow): PostHit => ({ id: row.id, score: row.score, docId: row.doc_id });

/**
 * The only code that knows PostgreSQL's full-text search: every query of its search index is
 * here, over the side tables of migration 0009-postgres-search. It answers exactly what the
 * SQLite index answers, in the same order: relevance (-ts_rank, so lower is better, as bm25)
 * among the newest matches, then older whole-word matches, then part-of-word matches.
 */
export function createPostgresSearchIndex(db: Db): SearchIndex {
  /** The doc id where the ranked window starts, or null when every match fits in it. */
  async function rankedWindowStart(search: PostSearch, words: Sql): Promise<number | null> {
    const { rows } = await sql<{ doc_id: number }>`
      select d.doc_id from search_post_docs d
      where d.words @@ ${words} and ${byAuthor(search.authorId)}
      order by d.doc_id desc
      limit 1 offset ${SEARCH_RANKED_MATCHES_MAX - 1}
    `.execute(db);
    return rows[0]?.doc_id ?? null;
  }

  /** Whole-word matches in the ranked window, by relevance, then newest first. */
  async function wordHits(
    search: PostSearch,
    words: Sql,
    windowStart: number | null,
    after: SearchPosition | null,
    limit: number,
  ) {
    const inWindow = windowStart === null ? sql`true` : sql`d.doc_id >= ${windowStart}`;
    // float8 both ways: a float4 rank would not survive the trip through the cursor unchanged.
    const afterFilter =
      after === null
        ? sql`true`
        : sql`(s.score > ${after.score}::float8 or (s.score = ${after.score}::float8 and s.doc_id < ${after.docId}))`;
    const { rows } = await sql<HitRow>`
      select s.id, s.score, s.doc_id from (
        select d.post_id as id, d.doc_id, (-ts_rank(d.words, ${words}))::float8 as score
        from search_post_docs d
        where d.words @@ ${words} and ${inWindow} and ${byAuthor(search.authorId)}
      ) s
      where ${afterFilter}
      order by s.score, s.doc_id desc
      limit ${limit}
    `.execute(db);
    return rows.map(toHit);
  }

  /** Whole-word matches older than the ranked window, newest first. */
  async function olderWordHits(
    search: PostSearch,
    words: Sql,
    windowStart: number,
    after: SearchPosition | null,
    limit: number,
  ) {
    const { rows } = await sql<HitRow>`
      select d.post_id as id, ${OLDER_MATCH_SCORE}::float8 as score, d.doc_id from search_post_docs d
      where d.words @@ ${words} and d.doc_id < ${windowStart}
        and ${byAuthor(search.authorId)} and ${olderThan(after)}
      order by d.doc_id desc
      limit ${limit}
    `.execute(db);
    return rows.map(toHit);
  }

  /** Posts that hold the terms only inside longer words (or CJK runs), newest first. */
  async function partHits(
    search: PostSearch,
    parts: Sql,
    words: Sql,
    after: SearchPosition | null,
    limit: number,
  ) {
    const { rows } = await sql<HitRow>`
      select d.post_id as id, ${PART_MATCH_SCORE}::float8 as score, d.doc_id from search_post_docs d
      where ${parts} and not (d.words @@ ${words})
        and ${byAuthor(search.authorId)} and ${olderThan(after)}
      order by d.doc_id desc
      limit ${limit}
    `.execute(db);
    return rows.map(toHit);
  }

  async function authorPosts(authorId: string, after: SearchPosition | null, limit: number) {
    const { rows } = await sql<HitRow>`
      select d.post_id as id, ${OLDER_MATCH_SCORE}::float8 as score, d.doc_id from search_post_docs d
      where ${byAuthor(authorId)} and ${olderThan(after)}
      order by d.doc_id desc
      limit ${limit}
    `.execute(db);
    return rows.map(toHit);
  }

  return {
    async findPosts(search, after, limit) {
      const words = wordsQuery(search);
      if (words === null) return search.authorId === null ? [] : authorPosts(search.authorId, after, limit);
      const parts = partsCondition(search, sql.ref('d.folded'));
      // Each part of the list is asked for only once the page has room left after the one before.
      const score = after?.score ?? -Infinity;
      const windowStart = score < PART_MATCH_SCORE ? await rankedWindowStart(search, words) : null;
      const from = (partScore: number) => (score === partScore ? after : null);
      const hits = score < OLDER_MATCH_SCORE ? await wordHits(search, words, windowStart, after, limit) : [];
      if (hits.length < limit && windowStart !== null && score <= OLDER_MATCH_SCORE) {
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
      const words = wordsQuery(search);
      if (words === null) return [];
      const parts = partsCondition(search, sql.ref('d.folded'));
      const partMatches =
        parts === null
          ? sql``
          : sql`union all select d.user_id, ${PART_MATCH_SCORE}::float8 from search_user_docs d where ${parts}`;
      const { rows } = await sql<PublicUserRow>`
        select u.id, u.handle, u.display_name, u.bio, u.avatar_json, u.created_at
        from (
          select d.user_id, (-ts_rank(d.words, ${words}))::float8 as score
          from search_user_docs d where d.words @@ ${words}
          ${partMatches}
        ) h
        join users u on u.id = h.user_id
        where u.suspended_at is null
        group by u.id
        order by min(h.score), u.handle_key
        limit ${limit}
      `.execute(db);
      return rows;
    },
  };
}
