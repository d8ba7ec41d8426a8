import { type Kysely, PostgresAdapter } from 'kysely';

/** Migrations differ between engines only where SQL itself does (auto-increment columns). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
