import { type Kysely, sql } from 'kysely';

/**
 * The feed walks top-level posts newest first. SQLite serves that from (parent_id, created_at, id)
 * because it treats `parent_id is null` as an equality; PostgreSQL's planner does not, so it
 * cannot take the order from that index and read and sorted every post for each page (100k
 * posts: 100–260 ms a page). A partial index of top-level posts in feed order serves both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('posts_top_level_created')
    .on('posts')
    .columns(['created_at', 'id'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
}
