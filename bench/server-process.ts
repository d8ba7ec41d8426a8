import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-node-flags';

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234, read from the server's "listening at" log line. */
  origin: string;
  pid: number;
  stop: () => void;
}

const START_TIMEOUT_MS = 30_000;

/**
 * A server in its own process, so the load generator does not share its CPU time. It must log
 * "listening at http://127.0.0.1:<port>" on stdout once it accepts connections.
 */
export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
  };
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), START_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  return { origin, pid: child.pid ?? 0, stop };
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
