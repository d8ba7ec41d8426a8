import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

const SQLITE_READER_BUSY_TIMEOUT_MS = 5_000;
/**
 * How much of the database file each connection (the server's and every reader's) maps into
 * memory instead of reading page by page: the pages come straight from the OS page cache, without
 * a copy and without SQLite's own page-cache lookups, which were the largest cost of a search
 * after the index itself, and a third of a Home page's CPU time on the server's connection
 * (BENCHMARKS.md). Address space only; the mapped pages are the OS's file cache, shared by every
 * connection to the file. Writes still go through SQLite's own pages.
 */
export const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

/**
 * A read-only connection to the SQLite file the server's own connection writes (WAL lets it read
 * while that one writes), for reads on a worker thread. Kept apart from database.ts so that a
 * worker loads neither the PostgreSQL driver nor the migrations.
 */
export function openSqliteReader(file: string): Db {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  database.pragma(`busy_timeout = ${SQLITE_READER_BUSY_TIMEOUT_MS}`);
  database.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}
