import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/test-app';
import { testDatabaseServerUrl } from '../../test-support/test-database';
import type { DatabaseHandle } from './database';
import { isUniqueViolation } from './db-errors';

let database: DatabaseHandle;
beforeAll(async () => {
  // SQLite, or PostgreSQL when TEST_DATABASE_URL is set: the CI runs this file on both.
  database = await openTestDatabase();
  await sql`create table clash_probe (id text primary key, name text not null unique, note text not null)`.execute(
    database.db,
  );
  await sql`create unique index clash_probe_note on clash_probe (lower(note))`.execute(database.db);
  await sql`insert into clash_probe (id, name, note) values ('a', 'ana', 'first')`.execute(database.db);
});
afterAll(() => database.close());

/** The error the database raises for `statement`, which must fail. */
async function failureOf(statement: RawBuilder<unknown>): Promise<unknown> {
  try {
    await statement.execute(database.db);
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

describe(`isUniqueViolation on ${testDatabaseServerUrl() === null ? 'SQLite' : 'PostgreSQL'}`, () => {
  it.each([
    ['a duplicate primary key', sql`insert into clash_probe (id, name, note) values ('a', 'bo', 'second')`],
    ['a unique column', sql`insert into clash_probe (id, name, note) values ('b', 'ana', 'second')`],
    [
      'a unique index on an expression',
      sql`insert into clash_probe (id, name, note) values ('b', 'bo', 'FIRST')`,
    ],
  ])('recognises %s', async (_name, statement) => {
    expect(isUniqueViolation(await failureOf(statement))).toBe(true);
  });

  it.each([
    ['a missing value', sql`insert into clash_probe (id, name) values ('c', 'cy')`],
    ['a missing table', sql`insert into no_such_table (id) values ('c')`],
    ['a syntax error', sql`insert into clash_probe values (`],
  ])('does not take %s for a clash', async (_name, statement) => {
    expect(isUniqueViolation(await failureOf(statement))).toBe(false);
  });

  it('answers false for anything that is not a database error', () => {
    for (const value of [null, undefined, 'SQLITE_CONSTRAINT_UNIQUE', 23505, {}, new Error('23505')]) {
      expect(isUniqueViolation(value)).toBe(false);
    }
  });
});
