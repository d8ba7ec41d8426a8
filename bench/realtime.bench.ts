import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { performance } from 'node:perf_hooks';
import {
  closeClients,
  FEED,
  type LoadClient,
  openClients,
  type TickListener,
} from './realtime/bench-clients';
import {
  type BenchServer,
  canPin,
  CPUS,
  killServers,
  percentile,
  pinClients,
  settledMemory,
  startHardLimit,
  startServer,
  withTimeout,
} from './realtime/bench-process';
import { BENCH_REDIS_URL, type ServerKind } from './realtime/bench-server';
import { agent, rawTrigger, sdkTrigger, type Trigger } from './realtime/bench-triggers';

/**
 * `npm run bench:realtime`: the embedded realtime server against a bare `ws` broadcast server
 * doing the same job, each in its own child process (server RSS measured apart from the
 * clients), 127.0.0.1 only. Phases: idle connections (1 000 and 10 000, 2 subscriptions each,
 * one server at a time), then broadcast latency (trigger → last of 1 000 subscribers) and HTTP
 * trigger rate with the two servers interleaved so both see the same background load. Bounded
 * in count and time; stops by itself. Needs `ulimit -n` of about 11 500 (lower: fewer idle
 * connections, reported). BENCH_LARGE=2000 runs a smaller idle phase; BENCH_PIN=1 pins the server
 * to CPU 0 and the clients to CPU 1 with taskset (worse figures on a 2-vCPU VM: the loopback
 * TCP work then shares the server's core). Last, the two-node run: two embedded servers sharing
 * Redis (BENCH_REDIS_URL, default 127.0.0.1:6379, under a key prefix of its own, deleted after),
 * the trigger sent to node A and SMALL subscribers on node B, its rounds alternating with the
 * single-node server's so the two figures share the machine's load.
 */
const SMALL = 1_000;
const REQUESTED_LARGE = Number(process.env.BENCH_LARGE ?? 10_000);
/** Sockets besides the load clients: stdio, IPC, HTTP keep-alive, the module files open at start. */
const FD_HEADROOM = 500;
const fdLimit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || Infinity;
/**
 * The client process holds the idle phase's sockets plus the other server's SMALL; too low a
 * limit lowers the count (reported).
 */
const LARGE = Math.min(REQUESTED_LARGE, fdLimit - SMALL - FD_HEADROOM);
const WARMUP_CLIENTS = 50;
const WARMUP_ROUNDS = 20;
const LATENCY_ROUNDS = 200;
const ROUND_TIMEOUT_MS = 5_000;
const TRIGGERS = 3_000;
const TRIGGER_CONCURRENCY = 16;
const TRIGGER_CHUNKS = 6;
const TRIGGER_CHANNELS = 10;
const HARD_LIMIT_MS = 8 * 60_000;
const TARGETS = { rss10kMb: 250, p99Ms: 50, p99VsBare: 1.5 };

interface Percentiles {
  p50: number;
  p99: number;
}

interface TwoNodeResult {
  singleNode: Percentiles;
  twoNodes: Percentiles;
}

interface RunResult {
  kind: ServerKind;
  baseRssMb: number;
  perConnKb: { small: number; large: number };
  heapPerConnKb: number;
  rssLargeMb: number;
  connectPerSecond: number;
  latency: { p50: number; p99: number; max: number; firstP50: number };
  fanOut: { p50: number; p99: number };
  triggers: { perSecond: number; p50: number; p99: number };
  rawTriggers: { perSecond: number; p50: number; p99: number };
}

interface Side {
  kind: ServerKind;
  server: BenchServer;
  port: number;
  ticks: TickListener;
  clients: LoadClient[];
}

interface IdleResult {
  baseRssMb: number;
  perConnKb: { small: number; large: number };
  heapPerConnKb: number;
  rssLargeMb: number;
  connectPerSecond: number;
}

async function startSide(kind: ServerKind): Promise<Side> {
  const server = startServer(kind);
  const { port } = await server.ready;
  return { kind, server, port, ticks: { onTick: null }, clients: [] };
}

/** Idle connections on one server (the other one waits); leaves SMALL clients subscribed. */
async function measureIdle(side: Side): Promise<IdleResult> {
  const { server, port, ticks } = side;
  const warm = await openClients(port, ticks, 0, WARMUP_CLIENTS);
  await closeClients(warm.clients);
  const base = await settledMemory(server, 0);
  const small = await openClients(port, ticks, 0, SMALL);
  const atSmall = await settledMemory(server, SMALL);
  const rest = await openClients(port, ticks, SMALL, LARGE - SMALL);
  const atLarge = await settledMemory(server, LARGE);
  await closeClients(rest.clients);
  await settledMemory(server, SMALL);
  side.clients = small.clients;
  const kb = (bytes: number, count: number) => bytes / count / 1024;
  return {
    baseRssMb: base.rss / 2 ** 20,
    perConnKb: { small: kb(atSmall.rss - base.rss, SMALL), large: kb(atLarge.rss - base.rss, LARGE) },
    heapPerConnKb: kb(atLarge.heapUsed - base.heapUsed, LARGE),
    rssLargeMb: atLarge.rss / 2 ** 20,
    connectPerSecond: (LARGE - SMALL) / rest.seconds,
  };
}

/** One broadcast: trigger sent → first and last of the side's subscribers have the frame. */
async function broadcastRound(side: Side, trigger: Trigger, round: number) {
  let remaining = side.clients.length;
  let firstAt = 0;
  let lastAt = 0;
  const everyone = new Promise<void>((resolve) => {
    side.ticks.onTick = (seq) => {
      if (seq !== round) return;
      if (remaining === side.clients.length) firstAt = performance.now();
      if (--remaining > 0) return;
      lastAt = performance.now();
      resolve();
    };
  });
  const startedAt = performance.now();
  await withTimeout(
    Promise.all([trigger(FEED, round), everyone]),
    `${side.kind} round ${round}`,
    ROUND_TIMEOUT_MS,
  );
  side.ticks.onTick = null;
  return { first: firstAt - startedAt, last: lastAt - startedAt };
}

/**
 * Rounds alternate between the two servers (and which goes first), so both see the same
 * machine: on a shared 2-vCPU VM the background load drifts more than the difference measured.
 */
async function measureLatency(sides: Side[]) {
  const triggers = sides.map((side) => sdkTrigger(side.port));
  const samples = sides.map(() => ({ first: [] as number[], last: [] as number[] }));
  for (const side of sides) await side.server.fanOutTimes();
  for (let round = 0; round < WARMUP_ROUNDS + LATENCY_ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const result = await broadcastRound(sides[i] as Side, triggers[i] as Trigger, round);
      if (round < WARMUP_ROUNDS) continue;
      samples[i]?.first.push(result.first);
      samples[i]?.last.push(result.last);
    }
  }
  return Promise.all(
    sides.map(async (side, i) => {
      const loops = (await side.server.fanOutTimes()).slice(WARMUP_ROUNDS);
      const { first, last } = samples[i] ?? { first: [], last: [] };
      return {
        latency: {
          p50: percentile(last, 50),
          p99: percentile(last, 99),
          max: Math.max(...last),
          firstP50: percentile(first, 50),
        },
        fanOut: { p50: percentile(loops, 50), p99: percentile(loops, 99) },
      };
    }),
  );
}

/** Triggers in alternating chunks per server, TRIGGER_CONCURRENCY requests in flight. */
async function measureTriggers(triggers: Trigger[]) {
  const durations = triggers.map(() => [] as number[]);
  const seconds = triggers.map(() => 0);
  const chunk = TRIGGERS / TRIGGER_CHUNKS;
  for (let part = 0; part < TRIGGER_CHUNKS; part += 1) {
    for (const [i, trigger] of triggers.entries()) {
      let next = 0;
      const worker = async () => {
        while (next < chunk) {
          const seq = next++;
          const startedAt = performance.now();
          await trigger(`rate-${seq % TRIGGER_CHANNELS}`, seq);
          durations[i]?.push(performance.now() - startedAt);
        }
      };
      const startedAt = performance.now();
      await withTimeout(
        Promise.all(Array.from({ length: TRIGGER_CONCURRENCY }, worker)),
        'trigger chunk',
        120_000,
      );
      seconds[i] = (seconds[i] ?? 0) + (performance.now() - startedAt) / 1000;
    }
  }
  return triggers.map((_, i) => ({
    perSecond: TRIGGERS / (seconds[i] ?? 1),
    p50: percentile(durations[i] ?? [], 50),
    p99: percentile(durations[i] ?? [], 99),
  }));
}

/** Deletes the two-node run's keys (node registrations, if a node died before its clean-up). */
async function deleteBenchKeys(prefix: string): Promise<void> {
  const redis = new Redis(BENCH_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/**
 * Publish on node A, SMALL subscribers on node B (through Redis pub/sub), alternating round by
 * round with a publish to the single-node server holding its own SMALL subscribers.
 */
async function measureTwoNodes(single: Side): Promise<TwoNodeResult> {
  const prefix = `tidings-bench-${randomBytes(6).toString('hex')}:`;
  const nodeA = startServer('tidings-redis', [prefix]);
  const nodeB = startServer('tidings-redis', [prefix]);
  try {
    const [{ port: portA }, { port: portB }] = await Promise.all([nodeA.ready, nodeB.ready]);
    const onB: Side = {
      kind: 'tidings-redis',
      server: nodeB,
      port: portB,
      ticks: { onTick: null },
      clients: [],
    };
    onB.clients = (await openClients(portB, onB.ticks, 0, SMALL)).clients;
    const viaA = sdkTrigger(portA);
    const direct = sdkTrigger(single.port);
    const samples = { single: [] as number[], two: [] as number[] };
    for (let round = 0; round < WARMUP_ROUNDS + LATENCY_ROUNDS; round += 1) {
      const singleFirst = round % 2 === 0;
      for (const isSingle of singleFirst ? [true, false] : [false, true]) {
        const { last } = isSingle
          ? await broadcastRound(single, direct, round)
          : await broadcastRound(onB, viaA, round);
        if (round >= WARMUP_ROUNDS) (isSingle ? samples.single : samples.two).push(last);
      }
    }
    await closeClients(onB.clients);
    await Promise.all([nodeA.stop(), nodeB.stop()]);
    const summary = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
    return { singleNode: summary(samples.single), twoNodes: summary(samples.two) };
  } finally {
    await deleteBenchKeys(prefix);
  }
}

async function runAll(): Promise<[RunResult, RunResult, TwoNodeResult]> {
  const sides = [await startSide('tidings'), await startSide('bare')];
  const idle: IdleResult[] = [];
  for (const side of sides) idle.push(await measureIdle(side));
  const latency = await measureLatency(sides);
  const sdk = await measureTriggers(sides.map((side) => sdkTrigger(side.port)));
  const raw = await measureTriggers(sides.map((side) => rawTrigger(side.port)));
  const twoNodes = await measureTwoNodes(sides[0] as Side);
  for (const side of sides) {
    await closeClients(side.clients);
    await side.server.stop();
  }
  const result = (i: number): RunResult => ({
    kind: sides[i]?.kind ?? 'bare',
    ...(idle[i] as IdleResult),
    ...(latency[i] as Awaited<ReturnType<typeof measureLatency>>[number]),
    triggers: sdk[i] as RunResult['triggers'],
    rawTriggers: raw[i] as RunResult['rawTriggers'],
  });
  return [result(0), result(1), twoNodes];
}

function report(ours: RunResult, bare: RunResult, cluster: TwoNodeResult) {
  const rows: Array<[string, number, number, number?]> = [
    ['server RSS before connections (MB)', ours.baseRssMb, bare.baseRssMb],
    [`RSS per idle connection @${SMALL} (KB)`, ours.perConnKb.small, bare.perConnKb.small],
    [`RSS per idle connection @${LARGE} (KB)`, ours.perConnKb.large, bare.perConnKb.large],
    [`heap per idle connection @${LARGE} (KB)`, ours.heapPerConnKb, bare.heapPerConnKb],
    [`server RSS @${LARGE} connections (MB)`, ours.rssLargeMb, bare.rssLargeMb, TARGETS.rss10kMb],
    ['connections opened per second', ours.connectPerSecond, bare.connectPerSecond],
    [`broadcast to ${SMALL}: first recipient p50 (ms)`, ours.latency.firstP50, bare.latency.firstP50],
    [`broadcast to ${SMALL}: p50 (ms)`, ours.latency.p50, bare.latency.p50],
    [`broadcast to ${SMALL}: p99 (ms)`, ours.latency.p99, bare.latency.p99, TARGETS.p99Ms],
    [`broadcast to ${SMALL}: max (ms)`, ours.latency.max, bare.latency.max],
    [`server send loop to ${SMALL}: p50 (ms)`, ours.fanOut.p50, bare.fanOut.p50],
    [`server send loop to ${SMALL}: p99 (ms)`, ours.fanOut.p99, bare.fanOut.p99],
    ['SDK triggers per second', ours.triggers.perSecond, bare.triggers.perSecond],
    ['SDK trigger p50 (ms)', ours.triggers.p50, bare.triggers.p50],
    ['SDK trigger p99 (ms)', ours.triggers.p99, bare.triggers.p99],
    ['pre-signed raw HTTP triggers per second', ours.rawTriggers.perSecond, bare.rawTriggers.perSecond],
    ['pre-signed raw HTTP trigger p99 (ms)', ours.rawTriggers.p99, bare.rawTriggers.p99],
  ];
  const line = (cells: string[]) =>
    `${cells[0]?.padEnd(40)}${cells
      .slice(1)
      .map((c) => c.padStart(12))
      .join('')}`;
  const out = [
    ...(LARGE < REQUESTED_LARGE
      ? [`NOTE: ulimit -n is ${fdLimit}; idle phase lowered to ${LARGE} connections`]
      : []),
    `Realtime bench: Node ${process.version}, ${CPUS} CPUs, ${canPin ? 'server pinned to CPU 0, clients to CPU 1' : 'no CPU pinning'}`,
    `Load: raw ws clients speaking protocol 7, each subscribed to "${FEED}" + its private-user-N channel; ${LATENCY_ROUNDS} broadcast rounds (+${WARMUP_ROUNDS} warm-up) of ~200 B; ${TRIGGERS} HTTP triggers at concurrency ${TRIGGER_CONCURRENCY}`,
    '',
    line(['', 'tidings', 'bare ws', 'ratio', 'target']),
    ...rows.map(([label, a, b, target]) =>
      line([
        label,
        a.toFixed(1),
        b.toFixed(1),
        `${(a / b).toFixed(2)}x`,
        target === undefined ? '' : `<= ${target}`,
      ]),
    ),
    '',
    `Two nodes through Redis: publish on node A, ${SMALL} subscribers on node B; rounds alternate with`,
    `the single-node server (${LATENCY_ROUNDS} rounds each, +${WARMUP_ROUNDS} warm-up)`,
    line(['', 'one node', 'two nodes', 'ratio']),
    ...(['p50', 'p99'] as const).map((p) =>
      line([
        `broadcast to ${SMALL}: ${p} (ms)`,
        cluster.singleNode[p].toFixed(1),
        cluster.twoNodes[p].toFixed(1),
        `${(cluster.twoNodes[p] / cluster.singleNode[p]).toFixed(2)}x`,
      ]),
    ),
    '',
    `verdict: RSS @${LARGE} ${ours.rssLargeMb < TARGETS.rss10kMb ? 'PASS' : 'FAIL'} (< ${TARGETS.rss10kMb} MB); ` +
      `p99 @${SMALL} ${ours.latency.p99 <= TARGETS.p99Ms ? 'PASS' : 'FAIL'} (<= ${TARGETS.p99Ms} ms); ` +
      `p99 vs bare ${ours.latency.p99 <= TARGETS.p99VsBare * bare.latency.p99 ? 'PASS' : 'FAIL'} (<= ${TARGETS.p99VsBare}x)`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

pinClients();
const stopHardLimit = startHardLimit(HARD_LIMIT_MS);
try {
  const [ours, bare, cluster] = await runAll();
  report(ours, bare, cluster);
} finally {
  stopHardLimit();
  agent.destroy();
  killServers();
}
