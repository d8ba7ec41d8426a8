import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationsResponse, UserEvent } from '../../../common/contracts/notifications';
import type { Tx } from '../../platform/db/database';
import { createScratchPostgres, type ScratchPostgres } from '../../test-support/scratch-postgres';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { createNotificationsService } from './notifications.service';

type Account = Awaited<ReturnType<typeof signedUpUser>>;

// The grouping and paging queries are plain SQL that must mean the same on both engines.
describe.each(['sqlite', 'postgres'] as const)('replies, likes and grouping on %s', (engine) => {
  let scratch: ScratchPostgres | null = null;
  let t: TestApp;
  beforeAll(async () => {
    if (engine === 'postgres') scratch = await createScratchPostgres();
  });
  afterAll(async () => {
    await scratch?.drop();
  });
  beforeEach(async () => {
    t = await createTestApp(scratch ? { DATABASE_URL: scratch.url } : {});
  });
  afterEach(async () => {
    await t.close();
  });

  async function post(author: Account, body: string, parentId?: string) {
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: author.cookie,
      payload: { body, ...(parentId ? { parentId } : {}) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ post: { id: string } }>().post;
  }

  async function setLike(who: Account, postId: string, isLiked: boolean) {
    const response = await t.api({
      method: isLiked ? 'PUT' : 'DELETE',
      url: `/api/v1/posts/${postId}/like`,
      cookie: who.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function listOf(who: Account): Promise<NotificationsResponse> {
    const response = await t.api({ method: 'GET', url: '/api/v1/notifications', cookie: who.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NotificationsResponse>();
  }

  function eventsOf(who: Account): UserEvent[] {
    return t.userEvents.filter((e) => e.userId === who.user.id).map((e) => e.event);
  }

  const names = (notification: Notification | undefined) => notification?.actors.map((a) => a.displayName);

  it('tells the author of a post of a reply, with the reply’s text, and never the replier', async () => {
    const ana = await signedUpUser(t, { displayName: 'Ana' });
    const bo = await signedUpUser(t, { displayName: 'Bo' });
    const root = await post(ana, 'Which tea?');
    await post(ana, 'I answer myself', root.id);
    expect(eventsOf(ana)).toEqual([]);

    const reply = await post(bo, 'Oolong, always', root.id);
    const list = await listOf(ana);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toEqual([
      {
        id: expect.any(String),
        type: 'reply',
        actors: [{ id: bo.user.id, handle: bo.user.handle, displayName: 'Bo' }],
        actorCount: 1,
        postId: root.id,
        excerpt: 'Oolong, always',
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    expect(eventsOf(ana)).toEqual([
      { type: 'notification.created', notification: list.notifications[0], unreadCount: 1 },
    ]);
    expect((await listOf(bo)).notifications).toEqual([]);
    expect(reply.id).not.toBe(root.id);
  });

  it('tells a reply’s parent author once, as a reply, even when the reply mentions them', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const root = await post(ana, 'hello');
    const mention = `<a href="/@${ana.user.handle}" data-type="mention" data-id="${ana.user.handle}">@${ana.user.handle}</a>`;
    await post(bo, `<p>${mention} hi back</p>`, root.id);
    const list = await listOf(ana);
    expect(list.notifications.map((n) => n.type)).toEqual(['reply']);
    expect(list.unreadCount).toBe(1);
  });

  it('tells the author of a like, never for their own, and a second like of the same person counts once', async () => {
    const ana = await signedUpUser(t, { displayName: 'Ana' });
    const bo = await signedUpUser(t, { displayName: 'Bo' });
    const written = await post(ana, 'Sunny today');
    await setLike(ana, written.id, true);
    expect(eventsOf(ana)).toEqual([]);

    await setLike(bo, written.id, true);
    await setLike(bo, written.id, true);
    const list = await listOf(ana);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'like',
      actorCount: 1,
      postId: written.id,
      excerpt: 'Sunny today',
      readAt: null,
    });
    expect(names(list.notifications[0])).toEqual(['Bo']);
    expect(eventsOf(ana).map((e) => e.type)).toEqual(['notification.created']);
  });

  it('groups likes on one post, newest first, counted once in the badge', async () => {
    const ana = await signedUpUser(t);
    const likers: Account[] = [];
    for (const name of ['Bo', 'Cy', 'Di', 'Ed']) likers.push(await signedUpUser(t, { displayName: name }));
    const first = await post(ana, 'first');
    const second = await post(ana, 'second');
    for (const liker of likers) await setLike(liker, first.id, true);
    await setLike(likers[0] as Account, second.id, true);

    const list = await listOf(ana);
    expect(list.unreadCount).toBe(2);
    expect(list.notifications.map((n) => n.postId)).toEqual([second.id, first.id]);
    const group = list.notifications[1];
    expect(group?.actorCount).toBe(4);
    expect(names(group)).toEqual(['Ed', 'Di', 'Cy']);

    // The live event carries the whole group, under the same id each time it grows.
    const created = eventsOf(ana).filter((e) => e.type === 'notification.created');
    expect(created).toHaveLength(5);
    expect(new Set(created.slice(0, 4).map((e) => e.notification.id))).toEqual(new Set([group?.id]));
    expect(created[3]).toMatchObject({ notification: { actorCount: 4 }, unreadCount: 1 });
  });

  it('groups replies to one post, and a like after reading starts a new entry', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t, { displayName: 'Bo' });
    const cy = await signedUpUser(t, { displayName: 'Cy' });
    const root = await post(ana, 'root');
    await post(bo, 'one', root.id);
    await post(cy, 'two', root.id);
    await post(bo, 'three', root.id);
    await setLike(bo, root.id, true);

    let list = await listOf(ana);
    expect(list.notifications.map((n) => [n.type, n.actorCount, n.excerpt])).toEqual([
      ['like', 1, 'root'],
      ['reply', 2, 'three'],
    ]);
    expect(names(list.notifications[1])).toEqual(['Bo', 'Cy']);

    const read = await t.api({
      method: 'POST',
      url: '/api/v1/notifications/read',
      cookie: ana.cookie,
      payload: {},
    });
    expect(read.json()).toEqual({ unreadCount: 0 });
    await setLike(cy, root.id, true);
    list = await listOf(ana);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications.map((n) => [n.type, n.actorCount, n.readAt === null])).toEqual([
      ['like', 1, true],
      ['like', 1, false],
      ['reply', 2, false],
    ]);
    expect(names(list.notifications[0])).toEqual(['Cy']);
  });

  it('takes an unread like’s notification back on unlike, and keeps a read one', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const written = await post(ana, 'hm');
    await setLike(bo, written.id, true);
    await setLike(bo, written.id, false);
    expect(await listOf(ana)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    expect(eventsOf(ana).at(-1)).toEqual({ type: 'notifications.removed', unreadCount: 0 });

    await setLike(bo, written.id, true);
    await t.api({ method: 'POST', url: '/api/v1/notifications/read', cookie: ana.cookie, payload: {} });
    await setLike(bo, written.id, false);
    const list = await listOf(ana);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]?.readAt).not.toBeNull();
    // Liking again after that rings no second time.
    const before = eventsOf(ana).length;
    await setLike(bo, written.id, true);
    expect(eventsOf(ana)).toHaveLength(before);
  });

  it('drops the notifications of deleted posts: a deleted reply, a deleted liked post', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const root = await post(ana, 'root');
    const reply = await post(bo, 'reply', root.id);
    await setLike(ana, reply.id, true);
    expect((await listOf(bo)).unreadCount).toBe(1);

    const deleted = await t.api({ method: 'DELETE', url: `/api/v1/posts/${reply.id}`, cookie: bo.cookie });
    expect(deleted.statusCode).toBe(200);
    expect((await listOf(ana)).notifications).toEqual([]);
    expect(eventsOf(ana).at(-1)).toEqual({ type: 'notifications.removed', unreadCount: 0 });
    expect((await listOf(bo)).notifications).toEqual([]);

    await setLike(bo, root.id, true);
    await post(bo, 'again', root.id);
    expect((await listOf(ana)).unreadCount).toBe(2);
    await t.api({ method: 'DELETE', url: `/api/v1/posts/${root.id}`, cookie: ana.cookie });
    expect(await listOf(ana)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
  });

  it('marks one entry read, only the reader’s own, and tells the reader’s other tabs', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const first = await post(ana, 'first');
    const second = await post(ana, 'second');
    await setLike(bo, first.id, true);
    await setLike(bo, second.id, true);
    const [newest, older] = (await listOf(ana)).notifications;

    const stranger = await t.api({
      method: 'POST',
      url: `/api/v1/notifications/${newest?.id}/read`,
      cookie: bo.cookie,
      payload: {},
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect((await listOf(ana)).unreadCount).toBe(2);

    const own = await t.api({
      method: 'POST',
      url: `/api/v1/notifications/${newest?.id}/read`,
      cookie: ana.cookie,
      payload: {},
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ unreadCount: 1 });
    const list = await listOf(ana);
    expect(list.notifications.map((n) => [n.id, n.readAt === null])).toEqual([
      [newest?.id, false],
      [older?.id, true],
    ]);
    expect(eventsOf(ana).at(-1)).toEqual({ type: 'notifications.read', ids: [newest?.id], unreadCount: 1 });

    await t.api({ method: 'POST', url: '/api/v1/notifications/read', cookie: ana.cookie, payload: {} });
    expect(eventsOf(ana).at(-1)).toEqual({ type: 'notifications.read', ids: null, unreadCount: 0 });
    expect(eventsOf(bo)).toEqual([]);
  });

  it('answers bad input with 400 and the error shape, and needs a session', async () => {
    const ana = await signedUpUser(t);
    const cases = [
      { method: 'POST' as const, url: '/api/v1/notifications/not-a-uuid/read', payload: {} },
      {
        method: 'POST' as const,
        url: '/api/v1/notifications/0190a5f4-7c1e-7a3b-9f00-000000000000/read',
        payload: { all: true },
      },
      { method: 'GET' as const, url: '/api/v1/notifications?cursor=nonsense' },
      { method: 'GET' as const, url: '/api/v1/notifications?page=2' },
    ];
    for (const request of cases) {
      const response = await t.api({ ...request, cookie: ana.cookie });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json()).toEqual({
        error: expect.objectContaining({
          code: expect.stringMatching(/^(validation_failed|invalid_cursor)$/),
        }),
      });
    }
    const anonymous = await t.api({
      method: 'POST',
      url: '/api/v1/notifications/0190a5f4-7c1e-7a3b-9f00-000000000000/read',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('asks shouldNotify(recipient, actor) before writing anything', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const written = await post(ana, 'quiet');
    const asked: [string, string][] = [];
    const published: UserEvent[] = [];
    const service = createNotificationsService({
      db: t.database.db,
      publish: async (_userId, event) => void published.push(event),
      shouldNotify: (_trx, recipientId, actorId) => {
        asked.push([recipientId, actorId]);
        return false;
      },
    });
    const input = {
      type: 'like' as const,
      recipientId: ana.user.id,
      actorId: bo.user.id,
      postId: written.id,
      sourcePostId: written.id,
    };
    const inTransaction = <T>(work: (trx: Tx) => Promise<T>) => t.database.db.transaction().execute(work);
    expect(await inTransaction((trx) => service.notify(trx, input))).toBeNull();
    expect(asked).toEqual([[ana.user.id, bo.user.id]]);
    expect((await listOf(ana)).notifications).toEqual([]);

    const open = createNotificationsService({ db: t.database.db, publish: async () => {} });
    const pending = await inTransaction((trx) => open.notify(trx, input));
    expect(pending).toMatchObject({ kind: 'created', userId: ana.user.id });
    expect((await listOf(ana)).unreadCount).toBe(1);
  });
});
