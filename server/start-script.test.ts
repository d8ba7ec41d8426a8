import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshTestDatabase, type TestDatabase } from './test-support/test-database';

/**
 * `npm start` / `node scripts/start.mjs` as an operator runs them, in a throw-away checkout: the
 * scripts and package files copied, node_modules linked package by package, the server bundled
 * with esbuild (no client), and the install and build stamps written, so nothing is installed or
 * rebuilt.
 */
const repo = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT_FILES = ['start.mjs', 'dev.mjs', 'lib.mjs', 'server-node-flags.json'];
const STOP_TIMEOUT_MS = 15_000;

let checkout = '';
const launched: ChildProcess[] = [];
const serverPids: number[] = [];
const dirs: string[] = [];
const databases: TestDatabase[] = [];

beforeAll(async () => {
  checkout = mkdtempSync(join(tmpdir(), 'tidings-checkout-'));
  mkdirSync(join(checkout, 'scripts'));
  for (const file of SCRIPT_FILES) copyFileSync(join(repo, 'scripts', file), join(checkout, 'scripts', file));
  for (const file of ['package.json', 'package-lock.json'])
    copyFileSync(join(repo, file), join(checkout, file));
  // A real directory of links, so the install stamp is written here and never into a shared install.
  mkdirSync(join(checkout, 'node_modules'));
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (!entry.startsWith('.tidings'))
      symlinkSync(join(repo, 'node_modules', entry), join(checkout, 'node_modules', entry));
  }
  await build({
    entryPoints: {
      main: join(repo, 'server/main.ts'),
      'read-worker': join(repo, 'server/read-worker.ts'),
    },
    outdir: join(checkout, 'dist', 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const marked = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "import { markPrepared } from './scripts/lib.mjs'; markPrepared();"],
    { cwd: checkout, encoding: 'utf8' },
  );
  expect(marked.stderr).toBe('');
  expect(marked.status).toBe(0);
}, 60_000);

afterEach(async () => {
  const pids = [...serverPids.splice(0), ...launched.splice(0).map((child) => child.pid ?? 0)];
  for (const pid of pids) if (pid > 0 && isRunning(pid)) process.kill(pid, 'SIGKILL');
  rmSync(join(checkout, '.env'), { force: true });
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const database of databases.splice(0)) await database.release();
});

afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tidings-start-data-'));
  dirs.push(dir);
  return dir;
}

/** DATABASE_URL of an empty PostgreSQL database when the tests run on one (SQLite otherwise). */
async function databaseEnv(): Promise<Record<string, string>> {
  const database = await freshTestDatabase(null);
  if (!database) return {};
  databases.push(database);
  return { DATABASE_URL: database.url };
}

interface Launched {
  child: ChildProcess;
  output(): string;
  /** The server's pid and port, once it has said it is ready. */
  server: Promise<{ pid: number; port: number }>;
}

function launch(command: string, args: string[], env: Record<string, string>): Launched {
  const child = spawn(command, args, {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launched.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = (async () => {
    const started = Date.now();
    for (;;) {
      const line = /^\{.*"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)".*$/m.exec(output);
      const pid = line ? /"pid":(\d+)/.exec(line[0]) : null;
      // The pid and port come from "Server listening"; "ready" is the last start-up line.
      if (line && pid && output.includes('Tidings is ready at')) {
        serverPids.push(Number(pid[1]));
        return { pid: Number(pid[1]), port: Number(line[1]) };
      }
      if (child.exitCode !== null || Date.now() - started > STOP_TIMEOUT_MS)
        throw new Error(`no server started; output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return { child, output: () => output, server };
}

/** Alive and not a zombie waiting for its parent to collect it. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
}

async function waitUntilStopped(pid: number): Promise<boolean> {
  const started = Date.now();
  while (isRunning(pid)) {
    if (Date.now() - started > STOP_TIMEOUT_MS) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

async function isPortFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('npm start', { timeout: 40_000 }, () => {
  // Each way a supervisor or an operator can end `npm start`: the server must stop and free its port.
  it.each([
    ['SIGTERM to node scripts/start.mjs', process.execPath, ['scripts/start.mjs'], 'SIGTERM'],
    ['SIGTERM to the npm process, as a supervisor sends it', 'npm', ['start', '--silent'], 'SIGTERM'],
    [
      'SIGTERM to a shell that started start.mjs and dies without passing it on',
      '/bin/sh',
      ['-c', 'node scripts/start.mjs; exit $?'],
      'SIGTERM',
    ],
    ['SIGKILL to start.mjs itself', process.execPath, ['scripts/start.mjs'], 'SIGKILL'],
  ] as const)('stops the server and frees the port on %s', async (_name, command, args, signal) => {
    const start = launch(command, [...args], { DATA_DIR: tempDir(), ...(await databaseEnv()) });
    const server = await start.server;
    start.child.kill(signal);
    expect(await waitUntilStopped(server.pid), start.output()).toBe(true);
    expect(await isPortFree(server.port)).toBe(true);
  });

  it('reads .env, where a variable already in the environment wins', async () => {
    const dataDir = tempDir();
    writeFileSync(
      join(checkout, '.env'),
      `# written by the test\nDATA_DIR=${dataDir}\nPUBLIC_URL=http://from-dotenv.example\n`,
    );
    const start = launch(process.execPath, ['scripts/start.mjs'], {
      PUBLIC_URL: 'http://from-environment.example',
      ...(await databaseEnv()),
    });
    await start.server;
    expect(start.output()).toMatch(/Tidings is ready at http:\/\/from-environment\.example/);
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(true);
    start.child.kill('SIGTERM');
  });
});
