import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { withClient } from '../../server/test-support/postgres-client';
import { TEST_VAPID_ENV } from '../../server/test-support/vapid';
import { TEST_INSTANCE_ENV } from './server-env';

/**
 * Two copies of the production build as two nodes of one deployment: one fresh PostgreSQL
 * database, one Redis under a prefix of their own, the same SESSION_SECRET. Loopback only;
 * every process is stopped by its PID, and the database and keys are removed afterwards.
 */
const POSTGRES_ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HEALTHY_WITHIN_MS = 50_000;
const SERVER_NODE_FLAGS = (
  JSON.parse(readFileSync(new URL('../../scripts/server-node-flags.json', import.meta.url), 'utf8')) as {
    flags: string[];
  }
).flags;

export interface AppNode {
  url: string;
  /** SIGKILL: no clean-up at all, as when a machine dies. */
  kill(): Promise<void>;
  /** SIGTERM: the clean shutdown. */
  stop(): Promise<void>;
}

export interface TwoNodeCluster {
  readonly a: AppNode;
  readonly b: AppNode;
  /** Node A starts (and migrates the fresh database) before node B. */
  start(): Promise<void>;
  /** Safe after a partial or interrupted start: stops what runs, drops what was created. */
  dispose(): Promise<void>;
}

function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(POSTGRES_ADMIN_URL, work);
}

async function waitHealthy(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node at ${url} exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`node at ${url} did not become healthy`);
}

function untilExit(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

function startNode(port: number, env: Record<string, string>): { node: AppNode; healthy: Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-e2e-node-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    env: {
      ...process.env,
      ...env,
      ...TEST_INSTANCE_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, name);
    }
    await untilExit(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    node: { url, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') },
    healthy: waitHealthy(child, url),
  };
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

export function twoNodes(portA: number, portB: number): TwoNodeCluster {
  const suffix = randomBytes(6).toString('hex');
  const database = `tidings_e2e_${suffix}`;
  const prefix = `tidings-e2e-${suffix}:`;
  const env = {
    DATABASE_URL: `postgres://root@127.0.0.1:5432/${database}`,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // Nodes sharing a database share one VAPID key pair (config.ts refuses REDIS_URL without).
    ...TEST_VAPID_ENV,
  };
  const started: AppNode[] = [];
  let isDatabaseCreated = false;
  const nodeAt = (index: number) => {
    const node = started[index];
    if (!node) throw new Error('the cluster has not started');
    return node;
  };
  return {
    get a() {
      return nodeAt(0);
    },
    get b() {
      return nodeAt(1);
    },
    async start() {
      await withAdmin((client) => client.query(`CREATE DATABASE ${database}`));
      isDatabaseCreated = true;
      for (const port of [portA, portB]) {
        const { node, healthy } = startNode(port, env);
        started.push(node);
        await healthy;
      }
    },
    async dispose() {
      for (const node of started.splice(0)) await node.stop();
      if (isDatabaseCreated) {
        await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      }
      await deleteKeys(prefix);
    },
  };
}
