import { type Kysely, sql } from 'kysely';

/**
 * Addresses are confirmed by an e-mailed link. Accounts made before confirmation existed were let
 * in under the old rules, so they count as confirmed from their creation: an upgrade locks no one
 * out of posting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'bigint').execute();
  // A new address waiting for its link: the account keeps the old one until then.
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(320)').execute();
  await sql`update users set email_confirmed_at = created_at`.execute(db);
}
