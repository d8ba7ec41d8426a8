import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_NODE_FLAGS } from '../server-node-flags';
import type { RunReport, RunRequest } from './fetch-runner';

/**
 * Runs one side of the bench (ours-runner.ts, bare-runner.ts or baseline-runner.ts) in its own
 * Node process. The runner is bundled with esbuild first, so the child runs plain JavaScript
 * like the production server does and its RSS holds no TypeScript loader; ours and bare run
 * with the server's Node flags.
 */
export async function runInChildProcess(request: RunRequest): Promise<RunReport> {
  const outfile = fileURLToPath(new URL(`../../.tmp/bench/${request.side}-runner.mjs`, import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL(`./${request.side}-runner.ts`, import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const child = fork(outfile, [], {
    execArgv: request.side === 'baseline' ? [] : SERVER_NODE_FLAGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${request.side} runner exited early (${code})`)));
    child.once('message', (message) => resolve(message as RunReport));
    child.send(request);
  });
}
