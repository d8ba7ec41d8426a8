import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in stdout and stderr together. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray | null>;
  output(): string;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

/** A temporary DATA_DIR that stopServerProcesses() removes: pass it to restart on the same data. */
export function serverDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-main-'));
  dirs.push(dataDir);
  return dataDir;
}

/**
 * server/main.ts as an operator runs it: its own process, its own DATA_DIR (unless `env` names
 * one), loopback only, on a free port. Call stopServerProcesses() after each test.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const dataDir = env.DATA_DIR ?? serverDataDir();
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

/** Starts the server and resolves with its base URL once it listens. */
export async function startListeningServer(
  env: Record<string, string>,
): Promise<{ server: ServerProcess; base: string }> {
  const server = startServerProcess(env);
  const match = await server.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
  return { server, base: `http://127.0.0.1:${match?.[1]}` };
}

/** Kills what startServerProcess started (by pid) and removes its DATA_DIRs. */
export function stopServerProcesses(): void {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
