import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

const SQLITE_READER_BUSY_TIMEOUT_MS = 5_000;

/**
 * A read-only connection to the SQLite file the server's own connection writes (WAL lets it read
 * while that one writes), for reads on a worker thread. Kept apart from database.ts so that a
 * worker loads neither the PostgreSQL driver nor the migrations.
 */
export function openSqliteReader(file: string): Db {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  database.pragma(`busy_timeout = ${SQLITE_READER_BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}
