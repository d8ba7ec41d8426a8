import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CHANNEL, PRESENCE_FEED_CHANNEL, userChannel } from '../../../common/contracts/feed-events';
import {
  createRealtimeTestEnv,
  TEST_REALTIME,
  type TidingsTestServer,
} from '../../test-support/realtime/tidings-server';

/** POST /api/v1/realtime/auth through the real app's hooks (session, CSRF header, errors). */
const env = createRealtimeTestEnv();
let server: TidingsTestServer;
let session: Awaited<ReturnType<typeof env.signUp>>;
const sdk = new Pusher({ ...TEST_REALTIME, host: '127.0.0.1' });
const SOCKET_ID = '123.456';

beforeAll(async () => {
  server = await env.start();
  session = await env.signUp(server);
});
afterAll(() => env.dispose());

function authorize(
  body: unknown,
  options: { cookie?: string | null; headers?: Record<string, string> } = {},
) {
  const cookie = options.cookie === undefined ? session.cookie : options.cookie;
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/realtime/auth',
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}), ...options.headers },
    ...(typeof body === 'string' ? { body } : { payload: body as object }),
  });
}

describe('POST /api/v1/realtime/auth', () => {
  it("signs the user's own private channel exactly as the official SDK would", async () => {
    const channel = userChannel(session.user.id);
    const response = await authorize({ socket_id: SOCKET_ID, channel_name: channel });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(sdk.authorizeChannel(SOCKET_ID, channel));
  });

  it('signs presence-feed with the user id and public profile as channel_data', async () => {
    const response = await authorize({ socket_id: SOCKET_ID, channel_name: PRESENCE_FEED_CHANNEL });
    const body = response.json();
    expect(JSON.parse(body.channel_data)).toEqual({
      user_id: session.user.id,
      user_info: { handle: session.user.handle, displayName: session.user.displayName },
    });
    const presenceData = JSON.parse(body.channel_data);
    expect(body).toEqual(sdk.authorizeChannel(SOCKET_ID, PRESENCE_FEED_CHANNEL, presenceData));
    expect(body.channel_data).not.toContain(session.user.email);
  });

  it.each([
    ["another user's private channel", userChannel('someone-else')],
    ['a public channel', FEED_CHANNEL],
    ['any other presence channel', 'presence-admins'],
    ['an encrypted channel', 'private-encrypted-x'],
  ])('refuses %s with 403 channel_forbidden', async (_label, channel) => {
    const response = await authorize({ socket_id: SOCKET_ID, channel_name: channel });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('channel_forbidden');
  });

  it('needs a session (401) and the X-Requested-With header (403)', async () => {
    const body = { socket_id: SOCKET_ID, channel_name: PRESENCE_FEED_CHANNEL };
    expect((await authorize(body, { cookie: null })).statusCode).toBe(401);
    const noHeader = await server.app.inject({
      method: 'POST',
      url: '/api/v1/realtime/auth',
      headers: { cookie: session.cookie },
      payload: body,
    });
    expect(noHeader.json().error.code).toBe('csrf_header_missing');
  });

  it.each([
    ['a malformed socket_id', { socket_id: '123', channel_name: PRESENCE_FEED_CHANNEL }, 'socket_id'],
    ['a socket_id with extra text', { socket_id: '1.2;x', channel_name: PRESENCE_FEED_CHANNEL }, 'socket_id'],
    ['a bad channel name', { socket_id: SOCKET_ID, channel_name: 'presence feed' }, 'channel_name'],
    [
      'an over-long channel name',
      { socket_id: SOCKET_ID, channel_name: `private-${'x'.repeat(160)}` },
      'channel_name',
    ],
    ['no body fields', {}, 'socket_id'],
  ])('answers 400 to %s', async (_label, body, field) => {
    const response = await authorize(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { [field]: expect.any(String) },
    });
  });

  it('refuses form bodies (what pusher-js would send by default) with 415', async () => {
    const response = await authorize(`socket_id=${SOCKET_ID}&channel_name=${PRESENCE_FEED_CHANNEL}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });
});
