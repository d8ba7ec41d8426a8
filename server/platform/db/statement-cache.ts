import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the app issues a few dozen, so this never evicts in practice. */
export const PREPARED_STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused as long as one is
 * not iterated twice at once, which Kysely's one-connection driver guarantees. Reusing them
 * saves the SQL parse and plan on every request (measured: about 7 % of a feed request).
 */
export function withStatementCache(
  database: SQLite.Database,
  size = PREPARED_STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Re-insert to keep the map in least-recently-used order.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value ?? '');
      return statement;
    },
  };
}
