import { sql } from 'kysely';
import { QUOTE_EXCERPT_LENGTH } from '../../../common/contracts/limits';
import type { Db } from '../../platform/db/database';
import { queryTemplate, type QueryTemplate } from '../../platform/db/query-template';
import type { Database } from '../../platform/db/schema';

/** The quoted post's columns, all null when the post quotes nothing or the quoted post is gone. */
export interface QuotedColumns {
  quoted_id: string | null;
  quoted_author_id: string | null;
  quoted_excerpt: string | null;
  quoted_created_at: number | null;
  quoted_images_json: string | null;
  quoted_author_handle: string | null;
  quoted_author_display_name: string | null;
  quoted_author_avatar_json: string | null;
  quoted_author_suspended_at: number | null;
}

const NO_QUOTE: QuotedColumns = {
  quoted_id: null,
  quoted_author_id: null,
  quoted_excerpt: null,
  quoted_created_at: null,
  quoted_images_json: null,
  quoted_author_handle: null,
  quoted_author_display_name: null,
  quoted_author_avatar_json: null,
  quoted_author_suspended_at: null,
};

type QuotedRow = QuotedColumns & { quoted_id: string };
type ByIdsParams = Record<string, string>;
const byIdsTemplates = new Map<number, QueryTemplate<Database, ByIdsParams, QuotedRow>>();

/** The quoted posts with these ids that still exist, with their authors; compiled once per count. */
function findQuoted(db: Db, ids: readonly string[]): Promise<QuotedRow[]> {
  let template = byIdsTemplates.get(ids.length);
  if (!template) {
    template = queryTemplate<Database, ByIdsParams, QuotedRow>((db, param) =>
      db
        .selectFrom('posts as quoted')
        .innerJoin('users as quoted_author', 'quoted_author.id', 'quoted.author_id')
        .select([
          'quoted.id as quoted_id',
          'quoted.author_id as quoted_author_id',
          // Inlined, not a parameter: the compiled templates take only the parameters they name.
          sql<string>`substr(${sql.ref('quoted.body_text')}, 1, ${sql.lit(QUOTE_EXCERPT_LENGTH)})`.as(
            'quoted_excerpt',
          ),
          'quoted.created_at as quoted_created_at',
          'quoted.images_json as quoted_images_json',
          'quoted_author.handle as quoted_author_handle',
          'quoted_author.display_name as quoted_author_display_name',
          'quoted_author.avatar_json as quoted_author_avatar_json',
          'quoted_author.suspended_at as quoted_author_suspended_at',
        ])
        .where(
          'quoted.id',
          'in',
          ids.map((_, i) => param(`id${i}`)),
        ),
    );
    byIdsTemplates.set(ids.length, template);
  }
  const params: ByIdsParams = {};
  ids.forEach((id, i) => (params[`id${i}`] = id));
  return template.execute(db, params);
}

/**
 * Adds each post's quoted post (its columns null when it quotes nothing or the quoted post is
 * gone). A second query for the few posts that quote, rather than two more joins in every post
 * query: SQLite walked those joins for every row, quoting or not, and they were a third of the
 * time to read a page of posts (BENCHMARKS.md).
 */
export async function withQuotedPosts<Row extends { quote_of_id: string | null }>(
  db: Db,
  rows: Row[],
): Promise<(Row & QuotedColumns)[]> {
  const quotedIds = [...new Set(rows.flatMap((row) => (row.quote_of_id === null ? [] : [row.quote_of_id])))];
  const quoted = quotedIds.length === 0 ? [] : await findQuoted(db, quotedIds);
  const byId = new Map(quoted.map((row) => [row.quoted_id, row]));
  // The rows are the driver's own fresh objects: filled in place rather than copied.
  return rows.map((row) =>
    Object.assign(row, (row.quote_of_id === null ? undefined : byId.get(row.quote_of_id)) ?? NO_QUOTE),
  );
}
