import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database';
import { openSqliteReader, SQLITE_MMAP_BYTES } from './sqlite-reader';
import type { Db } from './database';

// SQLite on purpose, whatever the test database: readers exist for SQLite files only.
let dir: string;
let writer: DatabaseHandle;
let reader: Db;
afterEach(async () => {
  await reader.destroy();
  await writer.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openBoth() {
  dir = mkdtempSync(join(tmpdir(), 'tidings-reader-'));
  const file = join(dir, 'tidings.db');
  writer = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(writer.db);
  reader = openSqliteReader(file);
}

const newUser = (handle: string) => ({
  id: handle,
  email: `${handle}@example.test`,
  handle,
  handle_key: handle,
  display_name: handle,
  password_hash: 'x',
  created_at: 1,
});

describe('SQLite reader', () => {
  it('sees every write the server’s connection has committed, at once', async () => {
    await openBoth();
    await writer.db.insertInto('users').values(newUser('ana')).execute();
    expect(await reader.selectFrom('users').select('handle').execute()).toEqual([{ handle: 'ana' }]);
    await writer.db.insertInto('users').values(newUser('bo')).execute();
    expect(await reader.selectFrom('users').select('handle').orderBy('handle').execute()).toEqual([
      { handle: 'ana' },
      { handle: 'bo' },
    ]);
  });

  it('refuses to write, and maps the file for reading', async () => {
    await openBoth();
    await expect(reader.insertInto('users').values(newUser('eve')).execute()).rejects.toThrow(/readonly/);
    const { rows } = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(reader);
    expect(rows[0]?.mmap_size).toBe(SQLITE_MMAP_BYTES);
  });

  it('shares the mapping with the server’s own connection', async () => {
    await openBoth();
    const { rows } = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(writer.db);
    expect(rows[0]?.mmap_size).toBe(SQLITE_MMAP_BYTES);
  });
});
