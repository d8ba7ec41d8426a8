import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { MAX_WS_FRAME_BYTES } from './limits';
import { createRealtimeServer } from './realtime-server';
import { type BareRealtimeServer, startBareRealtime } from '../test-support/realtime/bare-server';
import { TEST_REALTIME } from '../test-support/realtime/tidings-server';
import { isEvent, openRawClient, type RawClient } from '../test-support/realtime/raw-client';
import { withTimeout } from '../test-support/realtime/wait';

/** Exact frames and close codes, with a bare ws client (pusher-js hides most of them). */
let server: BareRealtimeServer;
const clients: RawClient[] = [];
beforeAll(async () => {
  server = await startBareRealtime();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.close();
});

function connect(url = server.socketUrl(), options?: { autoPong?: boolean }): RawClient {
  const client = openRawClient(url, options);
  clients.push(client);
  return client;
}

async function established(client: RawClient) {
  return client.next(isEvent('pusher:connection_established'), 'connection_established');
}

describe('handshake', () => {
  it('sends connection_established first, with data double-encoded', async () => {
    const client = connect();
    const frame = await established(client);
    expect(client.frames[0]?.event).toBe('pusher:connection_established');
    expect(typeof frame.rawData).toBe('string');
    expect(frame.data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 30 });
  });

  it('closes with 4001 when the app key is unknown', async () => {
    const client = connect(server.socketUrl({ key: 'no-such-key' }));
    expect((await withTimeout(client.closed, 'close')).code).toBe(4001);
  });

  it('closes with 4001, not a crash, for a long non-ASCII key', async () => {
    const client = connect(server.socketUrl({ key: encodeURIComponent('é'.repeat(100)) }));
    expect(await withTimeout(client.closed, 'close')).toEqual({ code: 4001, reason: 'Unknown app key' });
  });

  it.each(['protocol=3', 'protocol=8', 'protocol=seven'])('closes with 4007 for %s', async (query) => {
    const client = connect(server.socketUrl({ query }));
    expect((await withTimeout(client.closed, 'close')).code).toBe(4007);
  });

  it('tells protocol 5 clients the reason in a pusher:error before closing', async () => {
    const client = connect(server.socketUrl({ key: 'nope', query: 'protocol=5' }));
    const error = await client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ code: 4001 });
    expect((await withTimeout(client.closed, 'close')).code).toBe(4001);
  });

  it('treats a missing protocol as version 7', async () => {
    await established(connect(server.socketUrl({ query: '' })));
  });

  it('answers upgrades on other paths with 404 and never opens a socket', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/elsewhere`);
    const status = await withTimeout(
      new Promise<number>((resolve) => {
        ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
      }),
      'upgrade answer',
    );
    expect(status).toBe(404);
    ws.terminate();
  });
});

describe('sharing the HTTP server', () => {
  it("leaves other listeners' upgrade paths alone", async () => {
    const app = Fastify();
    const realtime = createRealtimeServer({ ...TEST_REALTIME, logger: app.log });
    const echo = new WebSocketServer({ noServer: true });
    echo.on('connection', (ws) => ws.on('message', (data: Buffer) => ws.send(data.toString())));
    app.server.on('upgrade', (request, socket, head) => {
      if (request.url === '/hmr')
        echo.handleUpgrade(request, socket, head, (ws) => echo.emit('connection', ws));
    });
    realtime.attach(app.server);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const other = new WebSocket(`ws://127.0.0.1:${port}/hmr`);
    try {
      const reply = new Promise<string>((resolve) =>
        other.on('message', (data: Buffer) => resolve(data.toString())),
      );
      other.on('open', () => other.send('hello'));
      expect(await withTimeout(reply, 'echo')).toBe('hello');
      const realtimeClient = openRawClient(`ws://127.0.0.1:${port}/app/${TEST_REALTIME.key}?protocol=7`);
      await established(realtimeClient);
      await realtimeClient.close();
    } finally {
      other.terminate();
      await realtime.close();
      echo.close();
      await app.close();
    }
  });
});

describe('messages', () => {
  it('answers pusher:ping with pusher:pong', async () => {
    const client = connect();
    await established(client);
    client.send({ event: 'pusher:ping', data: {} });
    await client.next(isEvent('pusher:pong'), 'pusher:pong');
  });

  it.each([
    ['malformed JSON', '{"event":'],
    ['a frame without event', '{"data":{}}'],
    ['a subscribe without channel', '{"event":"pusher:subscribe","data":{}}'],
  ])('answers %s with pusher:error and stays open', async (_label, frame) => {
    const client = connect();
    await established(client);
    client.send(frame);
    const error = await client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ code: null, message: expect.any(String) });
    client.send({ event: 'pusher:ping', data: {} });
    await client.next(isEvent('pusher:pong'), 'pusher:pong after an error');
  });

  it('refuses binary frames with pusher:error', async () => {
    const client = connect();
    await established(client);
    client.ws.send(Buffer.from('{"event":"pusher:ping"}'), { binary: true });
    const error = await client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ message: 'Binary frames are not supported' });
  });

  it('ignores unknown pusher: events without an error', async () => {
    const client = connect();
    await established(client);
    client.send({ event: 'pusher:unknown_event', data: {} });
    client.send({ event: 'pusher:ping', data: {} });
    await client.next(isEvent('pusher:pong'), 'pusher:pong');
    expect(client.frames.some((frame) => frame.event === 'pusher:error')).toBe(false);
  });

  it('closes a frame larger than the limit with 1009 at the WebSocket layer', async () => {
    const client = connect();
    await established(client);
    client.send({ event: 'client-big', channel: 'private-x', data: 'x'.repeat(MAX_WS_FRAME_BYTES) });
    expect((await withTimeout(client.closed, 'close')).code).toBe(1009);
  });
});

describe('liveness', () => {
  let fast: BareRealtimeServer;
  beforeAll(async () => {
    fast = await startBareRealtime({ activityTimeoutSeconds: 0.3, pongTimeoutSeconds: 0.3 });
  });
  afterAll(() => fast.close());

  it('pings a silent client and closes with 4201 when nothing comes back', async () => {
    const client = connect(fast.socketUrl(), { autoPong: false });
    const handshake = await established(client);
    expect(handshake.data).toMatchObject({ activity_timeout: 1 });
    await client.next(isEvent('pusher:ping'), 'server pusher:ping');
    expect((await withTimeout(client.closed, 'close')).code).toBe(4201);
  });

  it('keeps a client that answers pusher:ping with pusher:pong', async () => {
    const client = connect(fast.socketUrl(), { autoPong: false });
    await established(client);
    for (let round = 1; round <= 3; round += 1) {
      await client.next(isEvent('pusher:ping'), `server ping ${round}`);
      client.send({ event: 'pusher:pong', data: {} });
    }
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('also accepts a WebSocket pong frame as the answer', async () => {
    const client = connect(fast.socketUrl(), { autoPong: true });
    await established(client);
    await client.next(isEvent('pusher:ping'), 'first ping');
    await client.next(isEvent('pusher:ping'), 'second ping');
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('shutdown', () => {
  it('closes every socket with 4200 so clients reconnect at once', async () => {
    const closing = await startBareRealtime();
    const client = openRawClient(closing.socketUrl());
    await established(client);
    const closed = client.closed;
    await closing.realtime.close();
    expect((await withTimeout(closed, 'close')).code).toBe(4200);
    expect(closing.realtime.connectionCount()).toBe(0);
    await closing.close();
  });
});
