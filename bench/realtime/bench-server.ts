import { createServer, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { registerPusherHttpApi } from '../../server/realtime/http-api';
import { MAX_WS_FRAME_BYTES } from '../../server/realtime/limits';
import { createMemoryFanOut, type FanOut } from '../../server/realtime/fan-out';
import { createRealtimeServer, type RealtimeServerOptions } from '../../server/realtime/realtime-server';
import { openRedisBus } from '../../server/platform/redis/redis-bus';
import { MAX_PRESENCE_MEMBERS } from '../../server/realtime/limits';
import { createRedisFanOut } from '../../server/realtime/redis-fan-out';
import { createRedisPresenceStore } from '../../server/realtime/redis-presence';
import { newNodeId } from '../../server/scale-out';

/**
 * Child process of bench/realtime.bench.ts, so that server memory is measured apart from the
 * 10 000 load clients. `tidings`: the embedded server + HTTP trigger API as the app runs them.
 * `bare`: the least a ws server needs to do the same job — handshake, subscribe, take the SDK's
 * POST /apps/{id}/events without checking the signature, send one pre-encoded Buffer per
 * subscriber — the baseline. `tidings-redis`: the embedded server as a node of a cluster, with
 * the Redis fan-out and presence the app uses with REDIS_URL (argv[3]: the run's key prefix).
 */
export const BENCH_APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' } as const;

export type ServerKind = 'tidings' | 'bare' | 'tidings-redis';
/** The Redis the two-node run uses (loopback). */
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export type ToServer = { type: 'memory' } | { type: 'fanOutTimes' } | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'memory'; rss: number; heapUsed: number; connections: number }
  | { type: 'fanOutTimes'; ms: number[] };

/** Durations of fan-out loops to more than 100 recipients, in ms. */
const fanOutTimes: number[] = [];
const BIG_FAN_OUT = 100;

function record(startedAt: number, recipients: number) {
  if (recipients > BIG_FAN_OUT) fanOutTimes.push(performance.now() - startedAt);
}

/** The FanOut seam, used here to time the server's delivery loop without touching it. */
function timedFanOut(inner: FanOut = createMemoryFanOut()): FanOut {
  return {
    publish: (messages) => inner.publish(messages),
    command: (command) => inner.command(command),
    connect: (deliver, run) =>
      inner.connect((message) => {
        const startedAt = performance.now();
        const recipients = deliver(message);
        record(startedAt, recipients);
        return recipients;
      }, run),
    close: () => inner.close(),
  };
}

interface StartedServer {
  port: number;
  connections: () => number;
  stop: () => Promise<void>;
}

async function startTidings(
  parts: Partial<Pick<RealtimeServerOptions, 'fanOut' | 'presence'>> = {},
): Promise<StartedServer> {
  const app = Fastify({ logger: false });
  const realtime = createRealtimeServer({ ...BENCH_APP, logger: app.log, fanOut: timedFanOut(), ...parts });
  await registerPusherHttpApi(app, { realtime });
  app.addHook('preClose', async () => realtime.close());
  realtime.attach(app.server);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, connections: () => realtime.connectionCount(), stop: () => app.close() };
}

async function startBare(): Promise<{ port: number; connections: () => number; stop: () => Promise<void> }> {
  const channels = new Map<string, Set<WebSocket>>();
  let connections = 0;
  let nextId = 1;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_FRAME_BYTES,
    perMessageDeflate: false,
  });
  // Takes the SDK's POST /apps/{id}/events body and broadcasts; no signature check, no validation.
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const startedAt = performance.now();
      const { name, data, channel, channels: list } = JSON.parse(body) as TriggerBody;
      let recipients = 0;
      for (const target of list ?? (channel ? [channel] : [])) {
        const frame = Buffer.from(JSON.stringify({ event: name, channel: target, data }));
        const subscribers = channels.get(target) ?? new Set<WebSocket>();
        for (const ws of subscribers) ws.send(frame, { binary: false });
        recipients += subscribers.size;
      }
      record(startedAt, recipients);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.on('upgrade', (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (ws) => onSocket(ws)),
  );
  const onSocket = (ws: WebSocket) => {
    connections += 1;
    const mine = new Set<string>();
    ws.on('error', () => undefined);
    ws.on('message', (raw: Buffer) => {
      const { event, data } = JSON.parse(raw.toString()) as { event: string; data: { channel: string } };
      if (event !== 'pusher:subscribe') return;
      let set = channels.get(data.channel);
      if (!set) channels.set(data.channel, (set = new Set()));
      set.add(ws);
      mine.add(data.channel);
      ws.send(
        JSON.stringify({
          event: 'pusher_internal:subscription_succeeded',
          channel: data.channel,
          data: '{}',
        }),
      );
    });
    ws.on('close', () => {
      connections -= 1;
      for (const name of mine) channels.get(name)?.delete(ws);
    });
    const socketId = `${nextId++}.1`;
    ws.send(
      JSON.stringify({
        event: 'pusher:connection_established',
        data: JSON.stringify({ socket_id: socketId, activity_timeout: 30 }),
      }),
    );
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stop = async () => {
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, connections: () => connections, stop };
}

interface TriggerBody {
  name: string;
  data: string;
  channel?: string;
  channels?: string[];
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** One node of a Redis cluster, as the app builds it with REDIS_URL. */
async function startTidingsOnRedis(prefix: string): Promise<StartedServer> {
  const silent = { info() {}, warn() {} };
  const bus = openRedisBus(BENCH_REDIS_URL, silent);
  const fanOut = await createRedisFanOut({ bus, channel: `${prefix}realtime:fan-out`, logger: silent });
  const presence = await createRedisPresenceStore({
    redis: bus.commands,
    prefix: `${prefix}presence:`,
    nodeId: newNodeId(),
    maxMembers: MAX_PRESENCE_MEMBERS,
    announce: (messages) => fanOut.publish(messages),
    logger: silent,
  });
  const server = await startTidings({ fanOut: timedFanOut(fanOut), presence });
  return {
    ...server,
    async stop() {
      await server.stop();
      await presence.close();
      await bus.close();
    },
  };
}

async function main(kind: ServerKind) {
  const send = (message: FromServer) => process.send?.(message);
  const server =
    kind === 'tidings'
      ? await startTidings()
      : kind === 'tidings-redis'
        ? await startTidingsOnRedis(process.argv[3] ?? 'tidings-bench:')
        : await startBare();
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  process.on('message', (message: ToServer) => {
    if (message.type === 'fanOutTimes') {
      send({ type: 'fanOutTimes', ms: fanOutTimes.splice(0) });
    } else if (message.type === 'memory') {
      collect();
      const { rss, heapUsed } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed, connections: server.connections() });
    } else {
      void server.stop().finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', port: server.port });
}

const kind = process.argv[2];
if (kind === 'tidings' || kind === 'bare' || kind === 'tidings-redis') void main(kind);
