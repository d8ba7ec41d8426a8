import { type Kysely, PostgresAdapter } from 'kysely';

/** Migrations differ between engines only where SQL itself does (auto-increment columns). */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
