import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess as startServer, stopServerProcesses } from './test-support/server-process';
import { freshTestDatabase, type TestDatabase } from './test-support/test-database';

const databases: TestDatabase[] = [];

afterEach(async () => {
  stopServerProcesses();
  for (const database of databases.splice(0)) await database.release();
});

/** DATABASE_URL of an empty PostgreSQL database when the tests run on one (SQLite otherwise). */
async function emptyDatabaseEnv(): Promise<Record<string, string>> {
  const database = await freshTestDatabase(null);
  if (!database) return {};
  databases.push(database);
  return { DATABASE_URL: database.url };
}

describe('server/main.ts', () => {
  it('migrates, serves, and on SIGTERM stops accepting, writes out every log line and exits 0', async () => {
    const server = startServer(await emptyDatabaseEnv());
    const match = await server.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    const base = `http://127.0.0.1:${match?.[1]}`;
    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Log lines are buffered and written off the event loop: none may be lost at the exit.
    expect(server.output()).toMatch(/"url":"\/healthz","status":200/);
    expect(server.output()).toMatch(/shutting down/);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('names the port and what to do when the port is taken, without a stack trace', async () => {
    const taken = await occupyPort();
    try {
      const port = (taken.address() as { port: number }).port;
      const server = startServer({ ...(await emptyDatabaseEnv()), PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(server.output()).toMatch(/set PORT to a free port/);
      expect(server.output()).not.toMatch(/^\s+at /m);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('says that PORT must be a number, not "received NaN"', async () => {
    const server = startServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT must be a whole number from 1 to 65535/);
    expect(server.output()).not.toMatch(/NaN/);
  });

  it('refuses to start on a bad value and names the variable', async () => {
    const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT /);
    expect(server.output()).toMatch(/LOG_LEVEL /);
    expect(server.output()).toMatch(/\.env\.example/);
  });
});

/** A listening socket on a free loopback port, as another program holding it would be. */
async function occupyPort(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
