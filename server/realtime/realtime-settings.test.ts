import type PusherClient from 'pusher-js';
import type { Channel, PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CHANNEL, PRESENCE_FEED_CHANNEL, userChannel } from '../../common/contracts/feed-events';
import { CLIENT_EVENTS_PER_WINDOW } from './limits';
import { connectPusherJs, createRealtimeTestEnv } from '../test-support/realtime/tidings-server';
import { collectEvents, nextEvent, withTimeout } from '../test-support/realtime/wait';

/**
 * The embedded server's settings as an operator sets them (REALTIME_CLIENT_EVENTS), through
 * the app main.ts builds, with pusher-js's own channel.trigger('client-…').
 */
type PusherError = { type?: string; data?: { code?: number | null; message?: string } };

const clients: PusherClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

function setUp(extraEnv: Record<string, string>) {
  const env = createRealtimeTestEnv(extraEnv);
  let server: Awaited<ReturnType<typeof env.startConfigured>>;
  beforeAll(async () => {
    server = await env.startConfigured();
  });
  afterAll(() => env.dispose());

  const connected = async (cookie?: string) => {
    const client = connectPusherJs(server.port, { key: server.key, ...(cookie ? { cookie } : {}) });
    clients.push(client);
    await nextEvent(client.connection, 'connected');
    return client;
  };
  const subscribed = async <T extends Channel>(client: PusherClient, name: string) => {
    const channel = client.subscribe(name) as T;
    await nextEvent(channel, 'pusher:subscription_succeeded');
    return channel;
  };
  return { connected, subscribed, signUp: () => env.signUp(server) };
}

describe('REALTIME_CLIENT_EVENTS=true', () => {
  const { connected, subscribed, signUp } = setUp({ REALTIME_CLIENT_EVENTS: 'true' });

  it('relays client events on presence channels to the others with the sender user_id, never back', async () => {
    const ana = await signUp();
    const bo = await signUp();
    const anaChannel = await subscribed<PresenceChannel>(await connected(ana.cookie), PRESENCE_FEED_CHANNEL);
    const boChannel = await subscribed<PresenceChannel>(await connected(bo.cookie), PRESENCE_FEED_CHANNEL);
    const seenByAna = collectEvents(anaChannel, 'client-typing');
    const received = new Promise<{ data: unknown; userId: string | undefined }>((resolve) =>
      boChannel.bind('client-typing', (data: unknown, metadata?: { user_id?: string }) =>
        resolve({ data, userId: metadata?.user_id }),
      ),
    );
    expect(anaChannel.trigger('client-typing', { typing: true })).toBe(true);
    expect(await withTimeout(received, 'client-typing')).toEqual({
      data: { typing: true },
      userId: ana.user.id,
    });
    expect(seenByAna).toEqual([]);
  });

  it('relays client events on private channels between the subscribers', async () => {
    const ana = await signUp();
    const tab1 = await subscribed(await connected(ana.cookie), userChannel(ana.user.id));
    const tab2 = await subscribed(await connected(ana.cookie), userChannel(ana.user.id));
    const received = nextEvent<{ n: number }>(tab2, 'client-ping');
    tab1.trigger('client-ping', { n: 1 });
    expect(await received).toEqual({ n: 1 });
  });

  it('refuses client events on public channels', async () => {
    const client = await connected();
    const feed = await subscribed(client, FEED_CHANNEL);
    const error = nextEvent<PusherError>(client.connection, 'error');
    feed.trigger('client-x', {});
    expect((await error).data?.message).toMatch(/only supported on private and presence channels/);
  });

  it(`refuses the ${CLIENT_EVENTS_PER_WINDOW + 1}th client event of one second with 4301`, async () => {
    const ana = await signUp();
    const client = await connected(ana.cookie);
    const channel = await subscribed(client, userChannel(ana.user.id));
    const error = nextEvent<PusherError>(client.connection, 'error', (e) => e.data?.code === 4301);
    for (let i = 0; i <= CLIENT_EVENTS_PER_WINDOW; i += 1) channel.trigger('client-burst', { i });
    expect((await error).data?.code).toBe(4301);
    expect(client.connection.state).toBe('connected');
  });
});

describe('client events by default', () => {
  const { connected, subscribed, signUp } = setUp({});

  it('refuses them with a pusher:error and keeps the connection', async () => {
    const ana = await signUp();
    const client = await connected(ana.cookie);
    const channel = await subscribed(client, PRESENCE_FEED_CHANNEL);
    const error = nextEvent<PusherError>(client.connection, 'error');
    channel.trigger('client-typing', {});
    expect((await error).data?.message).toMatch(/not enabled/);
    expect(client.connection.state).toBe('connected');
  });
});
