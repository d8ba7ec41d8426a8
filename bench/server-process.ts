import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from './server-node-flags';

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234, read from the server's "listening at" log line. */
  origin: string;
  pid: number;
  stop: () => void;
}

const START_TIMEOUT_MS = 30_000;
const START_POLL_MS = 25;

/**
 * A server in its own process, so the load generator does not share its CPU time. It must log
 * "listening at http://127.0.0.1:<port>" on stdout once it accepts connections.
 *
 * Its stdout goes to a file, as a deployed server's goes to journald or a log file, never to a
 * pipe this process drains: the bench's event loop is busy sending requests, a pipe it reads
 * only between them fills, and the server's log writes (synchronous, one line per request) would
 * then wait on the bench and count as the server's latency.
 */
export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const logDir = mkdtempSync(join(tmpdir(), 'tidings-bench-server-'));
  const logFile = join(logDir, 'stdout.log');
  const stdout = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  closeSync(stdout);
  process.once('exit', () => rmSync(logDir, { recursive: true, force: true }));
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
  };
  const deadline = performance.now() + START_TIMEOUT_MS;
  for (;;) {
    const output = readFileSync(logFile, 'utf8');
    const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match?.[1]) return { origin: match[1], pid: child.pid ?? 0, stop };
    if (exited !== undefined) throw new Error(`server exited with ${exited}: ${output}`);
    if (performance.now() > deadline) {
      stop();
      throw new Error(`server did not start: ${output}`);
    }
    await sleep(START_POLL_MS);
  }
}

/** The production bundle (dist/server/main.js) on a free loopback port, with the server's Node flags. */
export function startBuiltServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess([...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  });
}
