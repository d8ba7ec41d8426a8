import { createServer, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { registerPusherHttpApi } from '../../server/realtime/http-api';
import { MAX_WS_FRAME_BYTES } from '../../server/realtime/limits';
import { createMemoryFanOut, type FanOut } from '../../server/realtime/fan-out';
import { createRealtimeServer } from '../../server/realtime/realtime-server';

/**
 * Child process of bench/realtime.bench.ts, so that server memory is measured apart from the
 * 10 000 load clients. `tidings`: the embedded server + HTTP trigger API as the app runs them.
 * `bare`: the least a ws server needs to do the same job — handshake, subscribe, take the SDK's
 * POST /apps/{id}/events without checking the signature, send one pre-encoded Buffer per
 * subscriber — the baseline.
 */
export const BENCH_APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' } as const;

export type ServerKind = 'tidings' | 'bare';
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
function timedFanOut(): FanOut {
  const inner = createMemoryFanOut();
  return {
    publish: (messages) => inner.publish(messages),
    connect: (deliver) =>
      inner.connect((message) => {
        const startedAt = performance.now();
        const recipients = deliver(message);
        record(startedAt, recipients);
        return recipients;
      }),
    close: () => inner.close(),
  };
}

async function startTidings(): Promise<{
  port: number;
  connections: () => number;
  stop: () => Promise<void>;
}> {
  const app = Fastify({ logger: false });
  const realtime = createRealtimeServer({ ...BENCH_APP, logger: app.log, fanOut: timedFanOut() });
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

async function main(kind: ServerKind) {
  const send = (message: FromServer) => process.send?.(message);
  const server = kind === 'tidings' ? await startTidings() : await startBare();
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
if (kind === 'tidings' || kind === 'bare') void main(kind);
