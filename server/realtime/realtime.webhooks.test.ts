import Fastify, { type FastifyInstance } from 'fastify';
import type PusherClient from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CHANNEL, PRESENCE_FEED_CHANNEL } from '../../common/contracts/feed-events';
import {
  connectPusherJs,
  createRealtimeTestEnv,
  createSdk,
  TEST_REALTIME,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { nextEvent, waitUntil } from '../test-support/realtime/wait';

/**
 * Webhooks from the embedded server to a real receiver on 127.0.0.1, checked with the `pusher`
 * SDK's own webhook() (signature and body), as an app receiving hosted Pusher's would.
 */
type Event = {
  name: string;
  channel: string;
  user_id?: string;
  event?: string;
  data?: string;
  socket_id?: string;
};

interface Received {
  headers: Record<string, string>;
  rawBody: string;
}

const env = createRealtimeTestEnv();
let server: TidingsTestServer;
let receiver: FastifyInstance;
const received: Received[] = [];
/** Answers this many requests with 503 before accepting, to exercise retries. */
let failuresLeft = 0;
const clients: PusherClient[] = [];

beforeAll(async () => {
  receiver = Fastify();
  receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  receiver.post('/hooks', async (request, reply) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return reply.status(503).send('try later');
    }
    received.push({
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      rawBody: String(request.body),
    });
    return { ok: true };
  });
  await receiver.listen({ host: '127.0.0.1', port: 0 });
  const address = receiver.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await env.start({
    realtime: {
      enableClientEvents: true,
      webhookUrl: `http://127.0.0.1:${port}/hooks`,
      webhookTimings: { batchDelayMs: 50, retryDelaysMs: [100, 100], timeoutMs: 2_000 },
    },
  });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await env.dispose();
  await receiver.close();
});

/** Every event received so far, each request checked with the SDK first. */
function validEvents(): Event[] {
  const sdk = createSdk(server.port);
  return received.flatMap((request) => {
    const webhook = sdk.webhook({ headers: request.headers, rawBody: request.rawBody });
    if (!webhook.isValid()) throw new Error(`invalid webhook: ${request.rawBody}`);
    const events: Event[] = webhook.getEvents();
    return events;
  });
}

async function eventuallyReceived(match: Partial<Event>): Promise<Event> {
  let found: Event | undefined;
  await waitUntil(
    () => {
      found = validEvents().find((event) =>
        Object.entries(match).every(([key, value]) => event[key as keyof Event] === value),
      );
      return found !== undefined;
    },
    `webhook ${JSON.stringify(match)}`,
  );
  if (!found) throw new Error('unreachable');
  return found;
}

async function connected(cookie?: string) {
  const client = connectPusherJs(server.port, cookie ? { cookie } : {});
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  return client;
}

describe('webhooks', () => {
  it('sends channel_occupied and channel_vacated, signed so that the SDK accepts them', async () => {
    const client = await connected();
    const feed = client.subscribe(FEED_CHANNEL);
    await nextEvent(feed, 'pusher:subscription_succeeded');
    await eventuallyReceived({ name: 'channel_occupied', channel: FEED_CHANNEL });
    client.unsubscribe(FEED_CHANNEL);
    await eventuallyReceived({ name: 'channel_vacated', channel: FEED_CHANNEL });

    const request = received.at(-1);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-pusher-key']).toBe(TEST_REALTIME.key);
    const body = JSON.parse(request?.rawBody ?? '{}') as { time_ms?: unknown };
    expect(typeof body.time_ms).toBe('number');
    // A wrong secret does not verify.
    const forged = createSdk(server.port, { secret: 'not-the-secret' }).webhook({
      headers: request?.headers ?? {},
      rawBody: request?.rawBody ?? '',
    });
    expect(forged.isValid()).toBe(false);
  });

  it('sends member_added and member_removed with the user id, and client_event with the sender', async () => {
    const ana = await env.signUp(server);
    const bo = await env.signUp(server);
    const anaClient = await connected(ana.cookie);
    const anaChannel = anaClient.subscribe(PRESENCE_FEED_CHANNEL) as PresenceChannel;
    await nextEvent(anaChannel, 'pusher:subscription_succeeded');
    const boClient = await connected(bo.cookie);
    const boChannel = boClient.subscribe(PRESENCE_FEED_CHANNEL) as PresenceChannel;
    await nextEvent(boChannel, 'pusher:subscription_succeeded');
    await eventuallyReceived({ name: 'member_added', channel: PRESENCE_FEED_CHANNEL, user_id: ana.user.id });
    await eventuallyReceived({ name: 'member_added', channel: PRESENCE_FEED_CHANNEL, user_id: bo.user.id });

    anaChannel.trigger('client-typing', { typing: true });
    const clientEvent = await eventuallyReceived({ name: 'client_event', event: 'client-typing' });
    expect(clientEvent).toMatchObject({
      channel: PRESENCE_FEED_CHANNEL,
      user_id: ana.user.id,
      socket_id: anaClient.connection.socket_id,
    });
    expect(JSON.parse(clientEvent.data ?? 'null')).toEqual({ typing: true });

    boClient.disconnect();
    await eventuallyReceived({ name: 'member_removed', channel: PRESENCE_FEED_CHANNEL, user_id: bo.user.id });
  });

  it('batches events that happen together into one request', async () => {
    const before = received.length;
    const client = await connected();
    for (const name of ['batch-a', 'batch-b', 'batch-c']) client.subscribe(name);
    await eventuallyReceived({ name: 'channel_occupied', channel: 'batch-c' });
    const requests = received
      .slice(before)
      .map((request) => JSON.parse(request.rawBody) as { events: Event[] });
    const occupied = requests.find((request) => request.events.some((event) => event.channel === 'batch-a'));
    const channels = occupied?.events
      .map((event) => event.channel)
      .filter((name) => name.startsWith('batch-'));
    expect(channels).toEqual(['batch-a', 'batch-b', 'batch-c']);
  });

  it('sends a batch again while the receiver fails, until it takes it', async () => {
    failuresLeft = 2;
    const client = await connected();
    client.subscribe('retried-channel');
    await eventuallyReceived({ name: 'channel_occupied', channel: 'retried-channel' });
    expect(failuresLeft).toBe(0);
  });
});
