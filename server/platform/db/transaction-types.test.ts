import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type Db, openDatabase, type Tx } from './database';

/** Work that must join its caller's transaction, as the notification writer's does. */
async function readInside(trx: Tx): Promise<number> {
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(trx);
  return Number(rows[0]?.one);
}

/** Passing the root handle where a transaction is required does not compile. */
export function rootHandleIsNoTransaction(db: Db): Promise<number> {
  // @ts-expect-error the root handle is not a Tx: on SQLite, its query would wait for its caller's transaction
  return readInside(db);
}

describe('Db and Tx', () => {
  it('takes a transaction where one is required, and where any handle is', async () => {
    // SQLite on purpose: its one connection is what makes a root-handle query inside a transaction hang.
    const database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const read = await database.db.transaction().execute(async (trx) => {
        const anyHandle: Db = trx;
        const { rows } = await sql<{ two: number }>`select 2 as two`.execute(anyHandle);
        return [await readInside(trx), Number(rows[0]?.two)];
      });
      expect(read).toEqual([1, 2]);
      expect(database.db.isTransaction).toBe(false);
    } finally {
      await database.close();
    }
  });
});
