import type { Kysely } from 'kysely';

/**
 * Which notifications an account also gets by e-mail: mentions and replies, each on unless its
 * owner turns it off (in settings, or with the link in such an e-mail). Likes are never e-mailed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_on_mention', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_on_reply', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}
