import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../../config';
import { migrations } from './migrations';
import type { Database } from './schema';
import { SQLITE_MMAP_BYTES } from './sqlite-reader';
import { withStatementCache } from './statement-cache';

/**
 * A handle that runs queries: the root handle, or a transaction (repositories take either).
 */
export type Db = Kysely<Database>;

/**
 * A transaction, and only a transaction. Work that must join its caller's transaction takes a
 * `Tx`: on SQLite every query shares one connection, so a query on the root handle issued while
 * a transaction holds it waits for that transaction, which waits for the query (a deadlock).
 * Kysely's `Transaction` carries private state of its own, so the root handle is not a `Tx`
 * and passing it where one is required fails to compile (`transaction-types.test.ts`).
 */
export type Tx = Transaction<Database>;
export type DatabaseKind = DatabaseTarget['kind'];

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const POSTGRES_POOL_SIZE = 10;
/**
 * A request waits this long for a PostgreSQL connection (a new one while the database is away, or
 * a free one from a busy pool), then fails with 503 instead of hanging (README limits).
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
const PG_INT8_OID = 20;

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  const db = target.kind === 'sqlite' ? openSqlite(target.file) : openPostgres(target.url);
  return { db, kind: target.kind, close: () => db.destroy() };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers proceed while a write is in progress; NORMAL sync is safe under WAL.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

function openPostgres(url: string): Db {
  // Times are epoch milliseconds in bigint columns; they fit a JS number exactly.
  pg.types.setTypeParser(PG_INT8_OID, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  // A connection the server ends or the network cuts (restart, fail-over, pg_terminate_backend)
  // emits 'error' on its client, which crashes the process unless someone listens. The pool
  // listens only while a client is idle; a client checked out for a query or a transaction needs
  // a listener of its own, so every client gets one for its whole life. Nothing is lost by
  // ignoring the event: the query in flight fails with its own error (answered with 503, see
  // unavailable.ts), the client is no longer queryable, and the pool discards it on release
  // and opens a fresh connection for the next query.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
