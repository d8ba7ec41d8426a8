import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'undici';
import { WebSocket } from 'ws';
import { FEED_CHANNEL } from '../../common/contracts/live-events';
import { percentile } from '../link-preview/bench-tools';

/**
 * Live fan-out of one author's posts to every Home tab that shows them. Home's live updates are
 * the one feed stream, filtered in each browser, so each follower's tab is a socket on the
 * embedded Pusher-protocol server subscribed to `feed`: bare `ws` speaking protocol 7
 * (pusher-js per socket is far too heavy for thousands in one process).
 */

const OPEN_CONCURRENCY = 200;
const OPEN_TIMEOUT_MS = 30_000;
const ROUND_TIMEOUT_MS = 15_000;
const POST_CREATED = Buffer.from('post.created');

export interface FanOutFigures {
  sockets: number;
  posts: number;
  /** Per socket and post: the POST's start → that socket has the event. */
  deliveryP50: number;
  deliveryP99: number;
  deliveryMax: number;
  /** Per post: the POST's start → the first socket has it. */
  firstP50: number;
  /** Per post: the POST's start → the last socket has it. */
  lastP50: number;
  lastMax: number;
  /** Per post: the POST's start → its 201 answer. */
  postP50: number;
  missed: number;
}

interface Subscriber {
  ws: WebSocket;
}

/** Digits right after `at` in a raw frame: the round number in the post's body marker. */
function readNumber(raw: Buffer, at: number): number {
  let value = 0;
  for (let i = at; i < raw.length; i += 1) {
    const digit = (raw[i] ?? 0) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

function openSubscriber(url: string, marker: Buffer, onPost: (round: number) => void): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('a socket did not subscribe in time')), OPEN_TIMEOUT_MS);
    ws.on('error', reject);
    ws.on('message', (raw: Buffer) => {
      // Found without parsing the frame: thousands of sockets share this process's one thread,
      // and its own cost would otherwise be counted as the server's.
      if (raw.indexOf(POST_CREATED) !== -1) {
        const at = raw.indexOf(marker);
        if (at !== -1) onPost(readNumber(raw, at + marker.length));
        return;
      }
      const frame = JSON.parse(raw.toString('utf8')) as { event: string };
      if (frame.event === 'pusher:connection_established') {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: FEED_CHANNEL } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve({ ws });
      } else if (frame.event === 'pusher:ping') {
        ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      }
    });
  });
}

/**
 * `sockets` subscribers of `feed`, then `posts` posts by `authorCookie`'s account over HTTP,
 * `spacingMs` apart (each after the previous one reached everyone).
 */
export async function measureFanOut(options: {
  origin: string;
  appKey: string;
  pool: Pool;
  authorCookie: string;
  sockets: number;
  posts: number;
  spacingMs: number;
}): Promise<FanOutFigures> {
  const { origin, appKey, pool, authorCookie, sockets, posts, spacingMs } = options;
  const wsUrl = `${origin.replace(/^http/, 'ws')}/app/${appKey}?protocol=7&client=js&version=8.6.0`;
  const marker = `fanout-${randomBytes(4).toString('hex')}-`;
  const markerBytes = Buffer.from(marker);
  let round = -1;
  let startedAt = 0;
  let remaining = 0;
  let roundDone: (() => void) | null = null;
  const deliveries: number[] = [];
  const subscribers: Subscriber[] = [];
  const firsts: number[] = [];
  const lasts: number[] = [];
  const postTimes: number[] = [];
  const onPost = (seenRound: number) => {
    if (seenRound !== round) return;
    const at = performance.now();
    deliveries.push(at - startedAt);
    if (remaining === subscribers.length) firsts.push(at - startedAt);
    remaining -= 1;
    if (remaining === 0) {
      lasts.push(at - startedAt);
      roundDone?.();
    }
  };

  let opened = 0;
  const openedAt = performance.now();
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (opened < sockets) {
        opened += 1;
        subscribers.push(await openSubscriber(wsUrl, markerBytes, onPost));
      }
    }),
  );
  console.log(
    `  ${subscribers.length.toLocaleString('en')} sockets subscribed to ${FEED_CHANNEL} in ${((performance.now() - openedAt) / 1000).toFixed(1)} s`,
  );

  let missed = 0;
  try {
    for (let r = 0; r < posts; r += 1) {
      round = r;
      remaining = subscribers.length;
      const everyone = new Promise<void>((resolve) => (roundDone = resolve));
      startedAt = performance.now();
      const response = await pool.request({
        method: 'POST',
        path: '/api/v1/posts',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
          cookie: authorCookie,
        },
        body: JSON.stringify({ body: `<p>Live to every follower: ${marker}${r} done.</p>` }),
      });
      postTimes.push(performance.now() - startedAt);
      if (response.statusCode !== 201)
        throw new Error(`POST /api/v1/posts → ${response.statusCode}: ${await response.body.text()}`);
      await response.body.dump();
      const timedOut = await Promise.race([
        everyone.then(() => false),
        sleep(ROUND_TIMEOUT_MS).then(() => true),
      ]);
      if (timedOut) {
        missed += remaining;
        lasts.push(Number.POSITIVE_INFINITY);
      }
      roundDone = null;
      await sleep(spacingMs);
    }
  } finally {
    await Promise.all(
      subscribers.map(
        ({ ws }) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.terminate();
          }),
      ),
    );
  }
  return {
    sockets: subscribers.length,
    posts,
    deliveryP50: percentile(deliveries, 50),
    deliveryP99: percentile(deliveries, 99),
    deliveryMax: percentile(deliveries, 100),
    firstP50: percentile(firsts, 50),
    lastP50: percentile(lasts, 50),
    lastMax: percentile(lasts, 100),
    postP50: percentile(postTimes, 50),
    missed,
  };
}
