import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedUpUser } from './test-app';
import { testDatabaseServerUrl } from './test-database';

/** Whether a database of this name exists on the server TEST_DATABASE_URL points at. */
async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('test apps', () => {
  it('run on the database TEST_DATABASE_URL chooses, each on its own, removed on close', async () => {
    const serverUrl = testDatabaseServerUrl();
    const [first, second] = await Promise.all([createTestApp(), createTestApp()]);
    try {
      expect(first.database.kind).toBe(serverUrl === null ? 'sqlite' : 'postgres');
      await signedUpUser(first);
      const count = (t: typeof first) =>
        t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
      expect(await count(first)).toEqual({ n: 1 });
      expect(await count(second)).toEqual({ n: 0 });
    } finally {
      await second.close();
    }

    if (serverUrl === null) {
      const file = join(first.dataDir, 'tidings.db');
      expect(existsSync(file)).toBe(true);
      await first.close();
      expect(existsSync(file)).toBe(false);
      return;
    }
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
      first.database.db,
    );
    const name = rows[0]?.name ?? '';
    expect(name).toMatch(/^tidings_t_/);
    expect(await databaseExists(serverUrl, name)).toBe(true);
    await first.close();
    expect(await databaseExists(serverUrl, name)).toBe(false);
  });
});
