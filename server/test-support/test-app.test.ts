import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestApp, publishedPost, signedUpUser, type TestApp } from './test-app';
import { freshTestDatabase, testDatabaseServerUrl } from './test-database';

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

/** The name of the database an app runs on (PostgreSQL), or its file (SQLite). */
async function databaseName(t: TestApp): Promise<string> {
  if (t.database.kind === 'sqlite') return join(t.dataDir, 'tidings.db');
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
  return rows[0]?.name ?? '';
}

/** What a test can leave behind that a fresh database does not have. */
async function leftovers(t: TestApp) {
  const db = t.database.db;
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const settings = await db.selectFrom('instance_settings').select(['name', 'registration_mode']).execute();
  const event = await db
    .insertInto('feed_events')
    .values({ type: 'probe', created_at: 1 })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), settings, firstEventSeq: Number(event.seq) };
}

describe('test apps', () => {
  it('run on the database TEST_DATABASE_URL chooses, each on its own', async () => {
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
      if (serverUrl === null) expect(existsSync(await databaseName(first))).toBe(true);
      else expect(await databaseName(first)).toMatch(/^tidings_t_/);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    if (serverUrl === null) expect(existsSync(await databaseName(first))).toBe(false);
  });

  it('start as a fresh database does, whatever the app before them left', async () => {
    const pristine = await createTestApp();
    const expected = await leftovers(pristine);
    await pristine.close();

    const used = await createTestApp();
    await publishedPost(used, await signedUpUser(used), 'left behind');
    await used.database.db.updateTable('instance_settings').set({ name: 'Changed by a test' }).execute();
    await used.database.db.insertInto('feed_events').values({ type: 'probe', created_at: 1 }).execute();
    // On PostgreSQL, a connection the test left open in a transaction, holding a lock the
    // clean-up of its database would wait for.
    const straggler =
      used.database.kind === 'postgres' ? new pg.Client({ connectionString: used.databaseUrl }) : null;
    // Its server ends it when the database is handed back: the error that reports is expected.
    straggler?.on('error', () => undefined);
    await straggler?.connect();
    await straggler?.query('begin');
    await straggler?.query('lock table users in access exclusive mode');
    await used.close();

    const next = await createTestApp();
    try {
      expect(await leftovers(next)).toEqual(expected);
      const posts = await next.database.db.selectFrom('posts').select('id').execute();
      expect(posts).toEqual([]);
    } finally {
      await next.close();
      await straggler?.end().catch(() => undefined);
    }
  });

  it('never hand on a database whose structure a test changed', async () => {
    const serverUrl = testDatabaseServerUrl();
    const changed = await createTestApp();
    const name = await databaseName(changed);
    await sql`create table structure_probe (id integer primary key)`.execute(changed.database.db);
    await changed.close();
    if (serverUrl !== null) expect(await databaseExists(serverUrl, name)).toBe(false);

    const next = await createTestApp();
    try {
      const probe = sql`select count(*) as n from structure_probe`.execute(next.database.db);
      await expect(probe).rejects.toThrow(/structure_probe/);
    } finally {
      await next.close();
    }
  });

  it('never give one database to two apps, even when one was released twice', async () => {
    const template = inject('testDatabaseTemplate');
    const released = await freshTestDatabase(template);
    await released?.release();
    await released?.release();
    const [a, b] = await Promise.all([freshTestDatabase(template), freshTestDatabase(template)]);
    try {
      if (testDatabaseServerUrl() === null) expect([a, b]).toEqual([null, null]);
      else expect(a?.url).not.toBe(b?.url);
    } finally {
      await Promise.all([a?.release(), b?.release()]);
    }
  });
});
