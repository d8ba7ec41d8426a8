import { performance } from 'node:perf_hooks';
import Pusher from 'pusher';
import { WebSocket } from 'ws';
import { BENCH_APP } from './bench-server';

/**
 * Load clients: bare `ws` sockets speaking protocol 7 (pusher-js per socket is far too heavy for
 * 10 000). Each subscribes the way a signed-in browser tab does: the public feed and its own
 * private channel, authorised with the official SDK's signature.
 */
const signer = new Pusher({ ...BENCH_APP, host: '127.0.0.1' });
export const FEED = 'feed';
const OPEN_TIMEOUT_MS = 20_000;

export interface LoadClient {
  ws: WebSocket;
  index: number;
}

/** One per server under test: told about every bench.tick frame its clients receive. */
export interface TickListener {
  onTick: ((seq: number) => void) | null;
}

const TICK_MARKER = Buffer.from('\\"seq\\":');

/** Digits after `\"seq\":` in a double-encoded frame. */
function readSeq(raw: Buffer, from: number): number {
  let seq = 0;
  for (let i = from; i < raw.length; i += 1) {
    const digit = (raw[i] ?? 0) - 48;
    if (digit < 0 || digit > 9) break;
    seq = seq * 10 + digit;
  }
  return seq;
}

function openOne(port: number, index: number, ticks: TickListener): Promise<LoadClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/app/${BENCH_APP.key}?protocol=7&client=js&version=8.6.0`,
      {
        perMessageDeflate: false,
      },
    );
    const timer = setTimeout(
      () => reject(new Error(`client ${index} did not subscribe in time`)),
      OPEN_TIMEOUT_MS,
    );
    let pending = 2;
    ws.on('error', (error) => reject(error));
    ws.on('message', (raw: Buffer) => {
      // The tick handler reads seq without parsing the frame: 1 000 clients share one CPU and
      // the client's own cost must not dominate the server's latency.
      const tick = raw.indexOf(TICK_MARKER);
      if (tick !== -1) {
        ticks.onTick?.(readSeq(raw, tick + TICK_MARKER.length));
        return;
      }
      const frame = JSON.parse(raw.toString('utf8')) as { event: string; data: string };
      if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        const own = `private-user-${index}`;
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: FEED } }));
        ws.send(
          JSON.stringify({
            event: 'pusher:subscribe',
            data: { channel: own, ...signer.authorizeChannel(socketId, own) },
          }),
        );
      } else if (frame.event === 'pusher_internal:subscription_succeeded' && --pending === 0) {
        clearTimeout(timer);
        resolve({ ws, index });
      }
    });
  });
}

/** Opens `count` subscribed clients, `concurrency` handshakes at a time. */
export async function openClients(
  port: number,
  ticks: TickListener,
  firstIndex: number,
  count: number,
  concurrency = 200,
) {
  const clients: LoadClient[] = [];
  let next = firstIndex;
  const end = firstIndex + count;
  const worker = async () => {
    while (next < end) clients.push(await openOne(port, next++, ticks));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { clients, seconds: (performance.now() - started) / 1000 };
}

export async function closeClients(clients: LoadClient[]) {
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          if (client.ws.readyState === WebSocket.CLOSED) return resolve();
          client.ws.once('close', () => resolve());
          client.ws.terminate();
        }),
    ),
  );
}
