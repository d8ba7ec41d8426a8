import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { queryTemplate } from './query-template';

interface Tables {
  notes: { id: number; author: string; score: number };
}

const open: Kysely<Tables>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

async function database(): Promise<Kysely<Tables>> {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  open.push(db);
  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('score', 'integer', (col) => col.notNull())
    .execute();
  await db
    .insertInto('notes')
    .values([
      { id: 1, author: 'ann', score: 5 },
      { id: 2, author: 'ann', score: 9 },
      { id: 3, author: 'bob', score: 7 },
      { id: 4, author: 'ann', score: 1 },
    ])
    .execute();
  return db;
}

describe('queryTemplate', () => {
  const notesBy = queryTemplate<Tables, { author: string; minScore: number; limit: number }, { id: number }>(
    (db, param) =>
      db
        .selectFrom('notes')
        .select('id')
        .where('author', '=', param('author'))
        .where('score', '>=', param('minScore'))
        .orderBy('score', 'desc')
        .limit(param('limit')),
  );

  it('answers each call with its own parameters, like the query built afresh', async () => {
    const db = await database();
    expect(await notesBy.execute(db, { author: 'ann', minScore: 2, limit: 10 })).toEqual([
      { id: 2 },
      { id: 1 },
    ]);
    expect(await notesBy.execute(db, { author: 'bob', minScore: 0, limit: 10 })).toEqual([{ id: 3 }]);
    expect(await notesBy.execute(db, { author: 'ann', minScore: 0, limit: 1 })).toEqual([{ id: 2 }]);
  });

  it('builds the query once, and refuses a value the builder took from elsewhere', async () => {
    const db = await database();
    let builds = 0;
    const topBy = queryTemplate<Tables, { limit: number }, { id: number }>((kysely, param) => {
      builds += 1;
      return kysely.selectFrom('notes').select('id').orderBy('id').limit(param('limit'));
    });
    expect(await topBy.execute(db, { limit: 2 })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await topBy.execute(db, { limit: 3 })).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(builds).toBe(1);

    // A request's value caught in the builder would answer every later call with it.
    const firstAuthor = 'ann';
    const leaky = queryTemplate<Tables, { limit: number }, { id: number }>((kysely, param) =>
      kysely.selectFrom('notes').select('id').where('author', '=', firstAuthor).limit(param('limit')),
    );
    await expect(leaky.execute(db, { limit: 2 })).rejects.toThrow(/binds a value it was not given/);
  });

  it('works inside a transaction of the same database', async () => {
    const db = await database();
    const rows = await db
      .transaction()
      .execute((trx) => notesBy.execute(trx, { author: 'ann', minScore: 6, limit: 5 }));
    expect(rows).toEqual([{ id: 2 }]);
  });
});
