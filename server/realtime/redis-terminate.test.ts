import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../http/api-guards';
import { deleteRedisKeys, uniqueRedisPrefix } from '../test-support/redis';
import { openRedisNode, type RedisNodeParts } from '../test-support/realtime/redis-node';
import { connectSignedIn, terminated } from '../test-support/realtime/signed-in';
import {
  createRealtimeTestEnv,
  createSdk,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { nextEvent, withTimeout } from '../test-support/realtime/wait';

/**
 * User connections across two Tidings servers sharing Redis (and one database): whatever node
 * is asked, every node closes the user's sockets and delivers events sent to the user.
 */
interface Node extends RedisNodeParts {
  server: TidingsTestServer;
}

const env = createRealtimeTestEnv();
let prefix: string;
let nodes: Node[] = [];
const clients: PusherClient[] = [];
/** The first account of the shared database is the site's admin. */
let admin: { cookie: string } | null = null;

async function startNode(): Promise<Node> {
  const parts = await openRedisNode(prefix);
  const server = await env.start({ realtime: { fanOut: parts.fanOut, presence: parts.presence } });
  admin ??= await env.signUp(server);
  const node = { ...parts, server };
  nodes.push(node);
  return node;
}

beforeEach(() => {
  prefix = uniqueRedisPrefix();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const node of nodes) {
    await node.server.close();
    await node.close();
  }
  nodes = [];
  await deleteRedisKeys(prefix);
});
afterAll(() => env.dispose());

describe('user connections across two nodes', () => {
  it('terminates the user’s sockets on every node when one node is asked', async () => {
    const a = await startNode();
    const b = await startNode();
    const ana = await env.signUp(a.server);
    const onA = (await connectSignedIn(a.server.port, ana.cookie, clients)).client;
    const onB = (await connectSignedIn(b.server.port, ana.cookie, clients)).client;
    const closed = Promise.all([terminated(onA), terminated(onB)]);

    await createSdk(a.server.port).terminateUserConnections(ana.user.id);

    const errors = await withTimeout(closed, 'both sockets to close');
    expect(errors.map((error) => error.data?.code)).toEqual([4009, 4009]);
  });

  it('delivers sendToUser events to the user’s socket on the other node', async () => {
    const a = await startNode();
    const b = await startNode();
    const ana = await env.signUp(a.server);
    const onB = (await connectSignedIn(b.server.port, ana.cookie, clients)).client;
    const received = nextEvent<{ text: string }>(onB.user, 'greeting');
    await createSdk(a.server.port).sendToUser(ana.user.id, 'greeting', { text: 'from A' });
    expect(await received).toEqual({ text: 'from A' });
  });

  it('closes a suspended account’s socket on the other node at once', async () => {
    const a = await startNode();
    const b = await startNode();
    const ana = await env.signUp(a.server);
    const onB = (await connectSignedIn(b.server.port, ana.cookie, clients)).client;
    const closed = terminated(onB);

    const response = await a.server.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/admin/users/${ana.user.id}/suspension`,
      headers: { cookie: admin?.cookie ?? '', 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.statusCode).toBe(200);
    expect((await withTimeout(closed, 'the socket on B to close')).data?.code).toBe(4009);
  });
});
