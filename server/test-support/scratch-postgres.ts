import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The shared test server; trust authentication on loopback. */
const POSTGRES_ADMIN_URL = 'postgres://root@127.0.0.1:5432/postgres';

export interface ScratchPostgres {
  /** DATABASE_URL of a fresh, empty database of its own. */
  url: string;
  /** Drops the database; every pool on it must be closed first. */
  drop(): Promise<void>;
}

/** A database with a random name on the shared PostgreSQL, so parallel runs never meet. */
export async function createScratchPostgres(): Promise<ScratchPostgres> {
  const name = `tidings_test_${randomBytes(8).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return {
    url: `postgres://root@127.0.0.1:5432/${name}`,
    drop: () => adminQuery(`drop database if exists ${name}`),
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
