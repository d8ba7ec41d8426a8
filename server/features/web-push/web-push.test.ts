// eslint-disable-next-line no-restricted-imports -- a server on 127.0.0.1 that must see no connection; nothing here sends requests
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_PER_ACCOUNT, type PushPayload } from '../../../common/contracts/web-push';
import { startPushService, type PushServiceStandIn } from '../../test-support/push-service';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { TEST_VAPID_ENV } from '../../test-support/vapid';
import { PUSH_TTL_SECONDS } from './limits';

// Web Push end to end on the server's side: subscriptions through the API, and pushes that a
// push service stand-in on 127.0.0.1 receives, checks (VAPID) and decrypts with the device's keys.

let t: TestApp;
let pushService: PushServiceStandIn;
let ana: Account;
let bo: Account;

type Account = Awaited<ReturnType<typeof signedUpUser>>;

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

beforeEach(async () => {
  pushService = await startPushService({ vapidPublicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY });
  t = await createTestApp({ UNSAFE_PUSH_ALLOWED_ADDRESSES: '127.0.0.1', PUBLIC_URL: 'https://tidings.test' });
  ana = await signedUpUser(t, { displayName: 'Ana' });
  bo = await signedUpUser(t, { displayName: 'Bo' });
});
afterEach(async () => {
  await t.close();
  await pushService.close();
});

async function subscribe(who: Account, subscription = pushService.subscribe()) {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/me/push-subscriptions',
    cookie: who.cookie,
    headers: { 'user-agent': ANDROID_CHROME },
    payload: subscription,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { subscription, device: response.json<{ device: { id: string } }>().device };
}

async function devices(who: Account) {
  const response = await t.api({ method: 'GET', url: '/api/v1/me/push-subscriptions', cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    devices: { id: string; device: string; isThisSession: boolean; lastPushedAt: string | null }[];
    applicationServerKey: string;
  }>();
}

async function post(who: Account, body: string): Promise<string> {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/posts',
    cookie: who.cookie,
    payload: { body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

async function like(who: Account, postId: string): Promise<void> {
  const response = await t.api({ method: 'PUT', url: `/api/v1/posts/${postId}/like`, cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
}

const payloadOf = (push: { payload: string | null }) => JSON.parse(push.payload ?? 'null') as PushPayload;

async function queuedPushes(): Promise<{ attempts: number; next_attempt_at: number }[]> {
  const rows = await t.database.db
    .selectFrom('push_outbox')
    .select(['attempts', 'next_attempt_at'])
    .execute();
  return rows.map((row) => ({
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
  }));
}

describe('subscribing a device', () => {
  it('lists the device under its browser, marks this session, and gives the key to subscribe with', async () => {
    const { device } = await subscribe(ana);
    const list = await devices(ana);
    expect(list.applicationServerKey).toBe(TEST_VAPID_ENV.VAPID_PUBLIC_KEY);
    expect(list.devices).toEqual([
      expect.objectContaining({
        id: device.id,
        device: 'Chrome on Android',
        isThisSession: true,
        lastPushedAt: null,
      }),
    ]);
    expect((await devices(bo)).devices).toEqual([]);
  });

  it('keeps the endpoint and keys sealed, never in the clear', async () => {
    const { subscription } = await subscribe(ana);
    const row = await t.database.db.selectFrom('push_subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(subscription.endpoint);
    expect(JSON.stringify(row)).not.toContain(subscription.keys.p256dh);
  });

  it('replaces the row when the same device subscribes again', async () => {
    const subscription = pushService.subscribe();
    await subscribe(ana, subscription);
    const { device } = await subscribe(ana, subscription);
    expect((await devices(ana)).devices.map((one) => one.id)).toEqual([device.id]);
  });

  it(`keeps the newest ${PUSH_SUBSCRIPTIONS_PER_ACCOUNT} devices of an account`, async () => {
    const first = await subscribe(ana);
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_ACCOUNT; i += 1) await subscribe(ana);
    const ids = (await devices(ana)).devices.map((one) => one.id);
    expect(ids).toHaveLength(PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
    expect(ids).not.toContain(first.device.id);
  });

  it('refuses keys of the wrong size and endpoints that are not https', async () => {
    const good = pushService.subscribe();
    for (const [payload, field] of [
      [{ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }, 'keys.auth'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint'],
      [{ ...good, endpoint: 'http://push.example/x' }, 'endpoint'],
    ] as const) {
      const response = await t.api({
        method: 'POST',
        url: '/api/v1/me/push-subscriptions',
        cookie: ana.cookie,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
    expect((await devices(ana)).devices).toEqual([]);
  });

  it('needs a session, and removes only the account’s own devices', async () => {
    const anonymous = await t.api({
      method: 'POST',
      url: '/api/v1/me/push-subscriptions',
      payload: pushService.subscribe(),
    });
    expect(anonymous.statusCode).toBe(401);
    const { device } = await subscribe(ana);
    const byBo = await t.api({
      method: 'DELETE',
      url: `/api/v1/me/push-subscriptions/${device.id}`,
      cookie: bo.cookie,
    });
    expect(byBo.statusCode).toBe(404);
    expect((await devices(ana)).devices).toHaveLength(1);
    const byAna = await t.api({
      method: 'DELETE',
      url: `/api/v1/me/push-subscriptions/${device.id}`,
      cookie: ana.cookie,
    });
    expect(byAna.statusCode).toBe(204);
    expect((await devices(ana)).devices).toEqual([]);
  });

  it('ends with the session: logging out stops the device’s pushes', async () => {
    await subscribe(ana);
    const logOut = await t.api({ method: 'POST', url: '/api/v1/auth/logout', cookie: ana.cookie });
    expect(logOut.statusCode).toBe(204);
    const rows = await t.database.db.selectFrom('push_subscriptions').select('id').execute();
    expect(rows).toEqual([]);
  });
});

describe('choosing what is pushed', () => {
  it('pushes every kind by default and keeps the choices made', async () => {
    const read = await t.api({ method: 'GET', url: '/api/v1/me/push-settings', cookie: ana.cookie });
    expect(read.json()).toEqual({ mention: true, reply: true, like: true, repost: true, follow: true });
    const choice = { mention: true, reply: true, like: false, repost: false, follow: true };
    const written = await t.api({
      method: 'PUT',
      url: '/api/v1/me/push-settings',
      cookie: ana.cookie,
      payload: choice,
    });
    expect(written.json()).toEqual(choice);
    const bad = await t.api({
      method: 'PUT',
      url: '/api/v1/me/push-settings',
      cookie: ana.cookie,
      payload: { ...choice, like: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sending pushes', () => {
  it('pushes a like, signed with the instance key and readable only with the device keys', async () => {
    const { subscription } = await subscribe(ana);
    const postId = await post(ana, 'First light over the harbour');
    await like(bo, postId);
    const [push] = await pushService.waitForReceived(1);
    expect(push?.endpoint).toBe(subscription.endpoint);
    expect(push?.ttl).toBe(PUSH_TTL_SECONDS);
    expect(push?.vapid).toMatchObject({ aud: pushService.origin, sub: 'https://tidings.test' });
    const payload = payloadOf(push ?? { payload: null });
    expect(payload).toMatchObject({
      title: 'Bo liked your post',
      body: 'First light over the harbour',
      url: `/p/${postId}`,
    });
    expect(push?.topic).toBe(payload.tag.replaceAll('-', ''));
    await expect.poll(async () => (await devices(ana)).devices[0]?.lastPushedAt).not.toBeNull();
    expect(await queuedPushes()).toEqual([]);
  });

  it('pushes a grouped like under the same tag, naming what the list names', async () => {
    await subscribe(ana);
    const cy = await signedUpUser(t, { displayName: 'Cy' });
    const postId = await post(ana, 'Tea or coffee?');
    await like(bo, postId);
    await pushService.waitForReceived(1);
    await like(cy, postId);
    const [first, second] = await pushService.waitForReceived(2);
    expect(payloadOf(second ?? { payload: null })).toMatchObject({
      title: 'Cy and Bo liked your post',
      tag: payloadOf(first ?? { payload: null }).tag,
    });
  });

  it('pushes to every device of the account, and nothing of a kind turned off', async () => {
    await subscribe(ana);
    await subscribe(ana);
    await t.api({
      method: 'PUT',
      url: '/api/v1/me/push-settings',
      cookie: ana.cookie,
      payload: { mention: true, reply: true, like: false, repost: true, follow: true },
    });
    const postId = await post(ana, 'Morning swim');
    await like(bo, postId);
    await t.api({ method: 'PUT', url: `/api/v1/follows/${ana.user.id}`, cookie: bo.cookie });
    const pushes = await pushService.waitForReceived(2);
    expect(pushes.map((push) => payloadOf(push).title)).toEqual(['Bo followed you', 'Bo followed you']);
    expect(new Set(pushes.map((push) => push.endpoint)).size).toBe(2);
  });

  it('removes a device the push service says is gone (404 or 410), with its queued pushes', async () => {
    const gone = await subscribe(ana);
    const unknown = await subscribe(ana);
    pushService.answer(gone.subscription.endpoint, 410);
    pushService.answer(unknown.subscription.endpoint, 404);
    await like(bo, await post(ana, 'Anyone out there?'));
    await t.pushDelivery.deliverDue();
    await expect.poll(async () => (await devices(ana)).devices).toEqual([]);
    expect(await queuedPushes()).toEqual([]);
  });

  it('tries again later when the push service is busy, and then delivers', async () => {
    const { subscription } = await subscribe(ana);
    pushService.answer(subscription.endpoint, 503);
    const before = Date.now();
    await like(bo, await post(ana, 'Busy evening'));
    await expect.poll(queuedPushes).toEqual([{ attempts: 1, next_attempt_at: expect.any(Number) }]);
    const [queued] = await queuedPushes();
    expect(queued?.next_attempt_at).toBeGreaterThan(before + 20_000);
    pushService.answer(subscription.endpoint, null);
    await t.database.db.updateTable('push_outbox').set({ next_attempt_at: Date.now() }).execute();
    await t.pushDelivery.deliverDue();
    expect((await pushService.waitForReceived(1)).map((push) => payloadOf(push).title)).toEqual([
      'Bo liked your post',
    ]);
    expect(await queuedPushes()).toEqual([]);
  });

  it('pushes nothing to a device whose session has expired', async () => {
    await subscribe(ana);
    const postId = await post(ana, 'Quiet day');
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', ana.user.id)
      .execute();
    await like(bo, postId);
    await t.pushDelivery.deliverDue();
    expect(await queuedPushes()).toEqual([]);
    expect(pushService.received).toEqual([]);
  });
});

describe('a push endpoint is a URL from a browser', () => {
  let target: Server;
  let connections = 0;
  let guarded: TestApp;

  beforeEach(async () => {
    connections = 0;
    target = createServer((_request, response) => response.writeHead(201).end());
    target.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    // An instance without the tests' loopback allowance, as in production.
    guarded = await createTestApp({ PUBLIC_URL: 'https://tidings.test' });
  });
  afterEach(async () => {
    await guarded.close();
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  it('never makes the server send to a private address, and drops such a push', async () => {
    const carol = await signedUpUser(guarded, { displayName: 'Carol' });
    const dan = await signedUpUser(guarded, { displayName: 'Dan' });
    const { port } = target.address() as AddressInfo;
    const valid = pushService.subscribe();
    const subscribed = await guarded.api({
      method: 'POST',
      url: '/api/v1/me/push-subscriptions',
      cookie: carol.cookie,
      payload: { ...valid, endpoint: `https://127.0.0.1:${port}/push` },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const created = await guarded.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: carol.cookie,
      payload: { body: 'Hello' },
    });
    const postId = created.json<{ post: { id: string } }>().post.id;
    await guarded.api({ method: 'PUT', url: `/api/v1/posts/${postId}/like`, cookie: dan.cookie });
    await guarded.pushDelivery.deliverDue();
    await expect
      .poll(async () => (await guarded.database.db.selectFrom('push_outbox').select('id').execute()).length)
      .toBe(0);
    expect(connections).toBe(0);
  });
});
