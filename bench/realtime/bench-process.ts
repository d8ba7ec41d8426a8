import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FromServer, ServerKind } from './bench-server';

/** Child-process plumbing of the realtime bench: start, ask, stop, and never outlive the run. */
const SERVER_ENTRY = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
const MESSAGE_TIMEOUT_MS = 60_000;
export const CPUS = availableParallelism();
export const canPin = process.env.BENCH_PIN === '1' && CPUS >= 2 && spawnSync('taskset', ['-V']).status === 0;

const children = new Set<ChildProcess>();

/** Kills every server child after `ms`, whatever state the run is in. */
export function startHardLimit(ms: number): () => void {
  const timer = setTimeout(() => {
    process.stderr.write(`bench exceeded ${ms / 1000} s; stopping\n`);
    killServers();
    process.exit(2);
  }, ms);
  return () => clearTimeout(timer);
}

export function killServers(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

/** Pins this process (the load clients) to CPU 1 when BENCH_PIN=1; the servers go to CPU 0. */
export function pinClients(): void {
  if (canPin) spawnSync('taskset', ['-apc', '1', String(process.pid)], { stdio: 'ignore' });
}

export function startServer(kind: ServerKind, extraArgs: string[] = []) {
  const args = [...process.execArgv, '--expose-gc', SERVER_ENTRY, kind, ...extraArgs];
  const stdio: ['ignore', 'inherit', 'inherit', 'ipc'] = ['ignore', 'inherit', 'inherit', 'ipc'];
  const child = canPin
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], { stdio })
    : spawn(process.execPath, args, { stdio });
  children.add(child);
  const nextMessage = <T extends FromServer['type']>(type: T) =>
    withTimeout(
      new Promise<Extract<FromServer, { type: T }>>((resolve) => {
        const listener = (message: FromServer) => {
          if (message.type !== type) return;
          child.off('message', listener);
          resolve(message as Extract<FromServer, { type: T }>);
        };
        child.on('message', listener);
      }),
      `server message ${type}`,
    );
  return {
    ready: nextMessage('ready'),
    async memory() {
      const answer = nextMessage('memory');
      child.send({ type: 'memory' });
      return answer;
    },
    async fanOutTimes() {
      const answer = nextMessage('fanOutTimes');
      child.send({ type: 'fanOutTimes' });
      return (await answer).ms;
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' });
      await withTimeout(exited, 'server exit');
      children.delete(child);
    },
  };
}

export type BenchServer = ReturnType<typeof startServer>;

export function withTimeout<T>(promise: Promise<T>, label: string, ms = MESSAGE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Memory once the server has seen every open and close (a bounded poll: no event to wait on). */
export async function settledMemory(server: BenchServer, connections: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const memory = await server.memory();
    if (memory.connections === connections) return memory;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not settle at ${connections} connections`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
