import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess as startServer, stopServerProcesses } from './test-support/server-process';
import { freshTestDatabase, type TestDatabase } from './test-support/test-database';

const databases: TestDatabase[] = [];

afterEach(async () => {
  stopServerProcesses();
  for (const database of databases.splice(0)) await database.drop();
});

/** DATABASE_URL of an empty PostgreSQL database when the tests run on one (SQLite otherwise). */
async function emptyDatabaseEnv(): Promise<Record<string, string>> {
  const database = await freshTestDatabase(null);
  if (!database) return {};
  databases.push(database);
  return { DATABASE_URL: database.url };
}

describe('server/main.ts', () => {
  it('migrates, serves, and on SIGTERM stops accepting and exits 0', async () => {
    const server = startServer(await emptyDatabaseEnv());
    const match = await server.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    const base = `http://127.0.0.1:${match?.[1]}`;
    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('refuses to start on a bad value and names the variable', async () => {
    const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT /);
    expect(server.output()).toMatch(/LOG_LEVEL /);
    expect(server.output()).toMatch(/\.env\.example/);
  });
});
