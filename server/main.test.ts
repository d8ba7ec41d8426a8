import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshTestDatabase, type TestDatabase } from './test-support/test-database';

/** The real entry point as an operator runs it: its own process, its own DATA_DIR, loopback only. */
const children: ChildProcess[] = [];
const dirs: string[] = [];
const databases: TestDatabase[] = [];

afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const database of databases.splice(0)) await database.drop();
});

/** DATABASE_URL of an empty PostgreSQL database when the tests run on one (SQLite otherwise). */
async function emptyDatabaseEnv(): Promise<Record<string, string>> {
  const database = await freshTestDatabase(null);
  if (!database) return {};
  databases.push(database);
  return { DATABASE_URL: database.url };
}

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 15_000) => {
    const started = Date.now();
    while (!pattern.test(output)) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      if (child.exitCode !== null)
        throw new Error(`exited ${child.exitCode} before ${pattern}; output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return pattern.exec(output);
  };
  return { child, exited, waitFor, output: () => output };
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
