import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

/** The shared test server's own database: these tests only run statements, they create nothing. */
const POSTGRES_URL = 'postgres://root@127.0.0.1:5432/postgres';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function errorOf(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

async function postgresClient(url = POSTGRES_URL): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  cleanups.push(() => client.end().catch(() => undefined));
  return client;
}

/** A port that accepts connections and drops each at once, the way a database going down does. */
async function droppingPort(): Promise<number> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('isDatabaseUnavailable on PostgreSQL', () => {
  it('is true for a refused connection, a dropped one, a pool that cannot connect in time, a terminated backend and a statement timeout', async () => {
    const closed = await droppingPort();
    const refused = `postgres://root@127.0.0.1:1/postgres`;
    expect(isDatabaseUnavailable(await errorOf(() => postgresClient(refused)))).toBe(true);
    const dropped = `postgres://root@127.0.0.1:${closed}/postgres`;
    expect(isDatabaseUnavailable(await errorOf(() => postgresClient(dropped)))).toBe(true);

    const pool = new pg.Pool({ connectionString: dropped, connectionTimeoutMillis: 200 });
    cleanups.push(() => pool.end());
    expect(isDatabaseUnavailable(await errorOf(() => pool.query('select 1')))).toBe(true);

    const victim = await postgresClient();
    const { rows } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
    const admin = await postgresClient();
    await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    expect(isDatabaseUnavailable(await errorOf(() => victim.query('select 1')))).toBe(true);

    const slow = await postgresClient();
    await slow.query('set statement_timeout = 50');
    expect(isDatabaseUnavailable(await errorOf(() => slow.query('select pg_sleep(1)')))).toBe(true);
  });

  it('is false for errors of the query itself', async () => {
    const client = await postgresClient();
    expect(isDatabaseUnavailable(await errorOf(() => client.query('selec 1')))).toBe(false);
    expect(isDatabaseUnavailable(await errorOf(() => client.query('select 1/0')))).toBe(false);
    await client.query('create temporary table t (id int primary key)');
    await client.query('insert into t values (1)');
    expect(isDatabaseUnavailable(await errorOf(() => client.query('insert into t values (1)')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNRESET')).toBe(false);
  });
});

describe('isDatabaseUnavailable on SQLite', () => {
  it('is true when another connection holds the file past the busy timeout, false for a constraint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tidings-busy-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'busy.db');
    const holder = new SQLite(file);
    const waiter = new SQLite(file);
    cleanups.push(() => {
      holder.close();
      waiter.close();
    });
    holder.exec('create table t (id integer primary key)');
    waiter.pragma('busy_timeout = 10');
    holder.exec('begin immediate');
    const busy = (() => {
      try {
        waiter.exec('insert into t values (1)');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(isDatabaseUnavailable(busy)).toBe(true);
    // A search worker thread relays only the message of the same error.
    expect(isDatabaseUnavailable(new Error((busy as Error).message))).toBe(true);
    holder.exec('commit');

    waiter.exec('insert into t values (1)');
    const constraint = (() => {
      try {
        waiter.exec('insert into t values (1)');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(constraint).not.toBeNull();
    expect(isDatabaseUnavailable(constraint)).toBe(false);
  });
});
