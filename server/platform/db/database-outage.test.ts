import { afterEach, describe, expect, it } from 'vitest';
import { deleteRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test-support/redis';
import { createScratchPostgres, type ScratchPostgres } from '../../test-support/scratch-postgres';
import { startListeningServer, stopServerProcesses } from '../../test-support/server-process';
import { countsAgreeWithRows } from '../../test-support/stored-counts';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy';
import {
  type Acknowledged,
  createPost,
  emptyAcknowledged,
  runWriteLoad,
  send,
  signUp,
  type Writer,
} from '../../test-support/write-load';
import { openDatabase } from './database';
import { DATABASE_RETRY_AFTER_SECONDS } from './unavailable';
import { TEST_VAPID_ENV } from '../../test-support/vapid';

const relays: TcpProxy[] = [];
const scratches: ScratchPostgres[] = [];
const redisPrefixes: string[] = [];
afterEach(async () => {
  stopServerProcesses();
  for (const relay of relays.splice(0)) await relay.close();
  for (const scratch of scratches.splice(0)) await scratch.drop();
  for (const prefix of redisPrefixes.splice(0)) await deleteRedisKeys(prefix);
});

const POSTGRES_PORT = 5432;
const WRITERS = 3;
/** The load runs until the test stops it, within these bounds. */
const MAX_REQUESTS = 1_000;
const MAX_LOAD_MS = 40_000;
/** Two server starts, sign-ups and an outage on a shared 2-core machine. */
const TEST_TIMEOUT_MS = 90_000;
const OUTAGE_MS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await sleep(50);
  }
}

/** Writers and the posts they reply to and like; made before any fault. */
async function setUp(base: string): Promise<{ writers: Writer[]; targets: string[] }> {
  const writers = [];
  for (let i = 0; i < WRITERS; i += 1) writers.push(await signUp(base));
  const targets = [];
  for (const writer of writers.slice(0, 2)) {
    const { id } = await createPost(base, writer, 'Topic');
    if (!id) throw new Error('could not create a target post');
    targets.push(id);
  }
  return { writers, targets };
}

function startLoad(base: string, writers: Writer[], targets: string[], acknowledged: Acknowledged) {
  let isStopped = false;
  const done = runWriteLoad(
    { base, writers, targets, maxRequests: MAX_REQUESTS, maxMs: MAX_LOAD_MS, shouldStop: () => isStopped },
    acknowledged,
  );
  return {
    stop: async () => {
      isStopped = true;
      await done;
    },
  };
}

const successes = (acknowledged: Acknowledged) =>
  acknowledged.statuses.filter((status) => status === 200 || status === 201).length;

describe('a database outage under a write load', () => {
  it(
    'answers 503 database_unavailable while PostgreSQL is cut off, stays up, and serves again',
    async () => {
      const scratch = await createScratchPostgres();
      scratches.push(scratch);
      const relay = await startTcpProxy(POSTGRES_PORT);
      relays.push(relay);
      const throughRelay = new URL(scratch.url);
      throughRelay.port = String(relay.port);
      const { server, base } = await startListeningServer({ DATABASE_URL: throughRelay.toString() });
      const { writers, targets } = await setUp(base);

      const acknowledged = emptyAcknowledged();
      const load = startLoad(base, writers, targets, acknowledged);
      await until(() => successes(acknowledged) >= 20);
      const answeredBeforeCut = acknowledged.statuses.length;
      // Every open connection drops (transactions in flight included), new ones are refused.
      relay.cut({ refuse: true });
      await sleep(OUTAGE_MS);
      expect(server.child.exitCode, `the server died:\n${server.output().slice(-3_000)}`).toBeNull();

      const health = await send(base, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        error: { code: 'database_unavailable', message: expect.any(String) },
      });
      expect(health.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      const write = await createPost(base, writers[0]!, 'While the database is away');
      expect(write.answer.status).toBe(503);
      expect(write.answer.body).toMatchObject({ error: { code: 'database_unavailable' } });
      const duringOutage = acknowledged.statuses.slice(answeredBeforeCut);
      expect(duringOutage).toContain(503);
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();

      relay.restore();
      await until(async () => (await send(base, 'GET', '/healthz')).status === 200);
      const successesAfterRestore = successes(acknowledged);
      await until(() => successes(acknowledged) >= successesAfterRestore + 10);
      await load.stop();

      // Nothing but successes and 503s, and the process is still the one that started.
      expect(acknowledged.statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/Unhandled|uncaught|ECONNRESET.*\n.*Emitted 'error'/i);
      for (const [replyId, parentId] of acknowledged.replies) {
        const answer = await send(base, 'GET', `/api/v1/posts/${replyId}`);
        expect(answer.status, `acknowledged reply ${replyId} is gone`).toBe(200);
        expect((answer.body as { post: { parentId: string } }).post.parentId).toBe(parentId);
      }
      stopServerProcesses();
      const handle = openDatabase({ kind: 'postgres', url: scratch.url });
      try {
        expect(await countsAgreeWithRows(handle.db)).toEqual([]);
      } finally {
        await handle.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps serving writes while Redis is cut off, and reconnects when it is back',
    async () => {
      const redisUrl = new URL(TEST_REDIS_URL);
      const relay = await startTcpProxy(Number(redisUrl.port || 6379), redisUrl.hostname);
      relays.push(relay);
      redisUrl.port = String(relay.port);
      const prefix = uniqueRedisPrefix();
      redisPrefixes.push(prefix);
      const { server, base } = await startListeningServer({
        REDIS_URL: redisUrl.toString(),
        REDIS_PREFIX: prefix,
        ...TEST_VAPID_ENV,
      });
      const { writers, targets } = await setUp(base);

      const acknowledged = emptyAcknowledged();
      const load = startLoad(base, writers, targets, acknowledged);
      await until(() => successes(acknowledged) >= 20);
      relay.cut({ refuse: true });
      // The write's live events are refused by Redis at once and go to this node's sockets only;
      // the rate limits count in memory: the write succeeds.
      const write = await createPost(base, writers[0]!, 'While Redis is away');
      // Unanswered, the message says why and whether the server was still running, with its last lines.
      expect(
        write.answer.status,
        `the write while Redis is away: ${write.answer.failure ?? 'answered'}; server exit code ` +
          `${server.child.exitCode}, signal ${server.child.signalCode}:\n${server.output().slice(-3_000)}`,
      ).toBe(201);
      expect(server.child.exitCode).toBeNull();
      relay.restore();
      await server.waitFor(/Redis connection restored/);
      await load.stop();

      expect(acknowledged.statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
      expect(server.output()).toMatch(/Redis connection lost; reconnecting/);
      expect(server.child.exitCode).toBeNull();
      expect((await send(base, 'GET', '/healthz')).status).toBe(200);
    },
    TEST_TIMEOUT_MS,
  );
});
