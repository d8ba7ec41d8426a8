import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

const open: SQLite.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function database() {
  const db = new SQLite(':memory:');
  open.push(db);
  db.exec('create table t (n integer)');
  return db;
}

describe('withStatementCache', () => {
  it('hands back the same prepared statement for the same SQL, which keeps working', () => {
    const cached = withStatementCache(database());
    const insert = cached.prepare('insert into t (n) values (?)');
    expect(cached.prepare('insert into t (n) values (?)')).toBe(insert);
    insert.run([1]);
    cached.prepare('insert into t (n) values (?)').run([2]);
    expect(cached.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('forgets the least recently used statement beyond its size', () => {
    const cached = withStatementCache(database(), 2);
    const first = cached.prepare('select 1');
    const second = cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(first);
    expect(cached.prepare('select 2')).not.toBe(second);
  });
});
