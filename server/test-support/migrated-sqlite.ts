import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../platform/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file every test app's database is copied from; null on PostgreSQL. */
    sqliteTemplateFile: string | null;
  }
}

/**
 * Migrates the SQLite database every test app of a run starts from, in a folder of its own; the
 * returned function removes it. Copying it takes a few milliseconds where running the migrations
 * on an empty file takes about 80, and a run of the server tests starts close to 400 apps.
 */
export async function migrateSqliteTemplate(): Promise<{ file: string; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'tidings-test-template-'));
  const file = join(folder, 'template.db');
  const handle = openDatabase({ kind: 'sqlite', file });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // The last connection to close folds the write-ahead log into the file, so the file alone
    // is the whole database.
    await handle.close();
  }
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Puts a copy of the run's migrated template at `file`, unless a database is there already (a
 * second app sharing the first's). The copy holds what migrating would have made (tables, seeded
 * rows, WAL mode in its header), so the app's own migrateToLatest finds nothing left to do.
 */
export function placeMigratedSqlite(template: string | null, file: string): void {
  if (template === null || file === ':memory:' || existsSync(file)) return;
  copyFileSync(template, file);
}
