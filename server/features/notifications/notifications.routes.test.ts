import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userChannel } from '../../../common/contracts/feed-events';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../common/contracts/notifications';
import { createTestApp, insertedUser, signedUpUser, type TestApp } from '../../test-support/test-app';
import { MAX_MENTIONS_PER_POST, NOTIFICATION_EXCERPT_LENGTH } from './limits';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const mention = (handle: string) =>
  `<a href="/@${handle}" data-type="mention" data-id="${handle}">@${handle}</a>`;

async function post(cookie: string, body: string) {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().post as { id: string; bodyHtml: string; bodyText: string };
}

async function edit(cookie: string, id: string, body: string) {
  const response = await t.api({ method: 'PATCH', url: `/api/v1/posts/${id}`, cookie, payload: { body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().post as { bodyHtml: string };
}

async function notificationsOf(cookie: string) {
  const response = await t.api({ method: 'GET', url: '/api/v1/notifications', cookie });
  expect(response.statusCode).toBe(200);
  return response.json<{
    notifications: {
      postId: string;
      actors: { handle: string }[];
      excerpt: string;
      readAt: string | null;
    }[];
    unreadCount: number;
    nextCursor: string | null;
  }>();
}

const countRows = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('mentions', () => {
  it('notifies the mentioned account once, privately, with the post and its author', async () => {
    const ana = await signedUpUser(t, { handle: 'ana', displayName: 'Ana' });
    const bo = await signedUpUser(t, { handle: 'bo_b' });
    const written = await post(ana.cookie, `<p>Hello ${mention('bo_b')}, welcome!</p>`);
    expect(written.bodyHtml).toBe(`<p>Hello ${mention('bo_b')}, welcome!</p>`);

    const rows = await t.database.db.selectFrom('notifications').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: bo.user.id,
        actor_id: ana.user.id,
        post_id: written.id,
        type: 'mention',
      }),
    ]);
    expect(t.userEvents).toHaveLength(1);
    const [{ userId, event }] = t.userEvents as [(typeof t.userEvents)[number]];
    expect(userId).toBe(bo.user.id);
    expect(userChannel(userId)).toBe(`private-user-${bo.user.id}`);
    if (event.type !== 'notification.created') throw new Error(`unexpected ${event.type}`);
    expect(event).toEqual({
      type: 'notification.created',
      unreadCount: 1,
      notification: {
        id: rows[0]?.id,
        type: 'mention',
        actors: [{ id: ana.user.id, handle: 'ana', displayName: 'Ana' }],
        actorCount: 1,
        postId: written.id,
        excerpt: 'Hello @bo_b, welcome!',
        createdAt: expect.any(String),
        readAt: null,
      },
    });

    const list = await notificationsOf(bo.cookie);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toEqual([event.notification]);
  });

  it('links the account under its own spelling and notifies regardless of case', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t, { handle: 'BoB' });
    const written = await post(ana.cookie, `<p>${mention('bob')}</p>`);
    expect(written.bodyHtml).toBe(`<p>${mention('BoB')}</p>`);
    expect(t.userEvents.map((e) => e.userId)).toEqual([bo.user.id]);
  });

  it('never notifies the author of their own mention', async () => {
    const ana = await signedUpUser(t, { handle: 'ana' });
    const written = await post(ana.cookie, `<p>note to self ${mention('ana')}</p>`);
    expect(written.bodyHtml).toContain('data-type="mention"');
    expect(await countRows()).toBe(0);
    expect(t.userEvents).toEqual([]);
  });

  it('turns a mention of nobody into plain text', async () => {
    const ana = await signedUpUser(t);
    const written = await post(ana.cookie, `<p>hi ${mention('nobody_here')}</p>`);
    expect(written).toMatchObject({ bodyHtml: '<p>hi @nobody_here</p>', bodyText: 'hi @nobody_here' });
    expect(await countRows()).toBe(0);
  });

  it('on edit notifies only the newly mentioned', async () => {
    const ana = await signedUpUser(t);
    const bo = await insertedUser(t, 'bob');
    const cy = await insertedUser(t, 'cyd');
    const written = await post(ana.cookie, `<p>${mention('bob')}</p>`);
    await edit(ana.cookie, written.id, `<p>${mention('bob')} again</p>`);
    expect(t.userEvents.map((e) => e.userId)).toEqual([bo.id]);
    await edit(ana.cookie, written.id, `<p>${mention('bob')} and ${mention('cyd')}</p>`);
    expect(t.userEvents.map((e) => e.userId)).toEqual([bo.id, cy.id]);
    // Removing and re-adding a mention does not ring twice either.
    await edit(ana.cookie, written.id, '<p>nobody</p>');
    await edit(ana.cookie, written.id, `<p>${mention('cyd')}</p>`);
    expect(t.userEvents).toHaveLength(2);
    expect(await countRows()).toBe(2);
  });

  it('notifies mentions in replies too', async () => {
    const ana = await signedUpUser(t, { handle: 'ana' });
    const bo = await signedUpUser(t);
    const root = await post(ana.cookie, 'question');
    const reply = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: bo.cookie,
      payload: { body: `<p>${mention('ana')} answer</p>`, parentId: root.id },
    });
    expect(reply.statusCode).toBe(201);
    expect(t.userEvents.map((e) => e.userId)).toEqual([ana.user.id]);
  });

  it(`notifies at most ${MAX_MENTIONS_PER_POST} accounts per post, edits included`, async () => {
    const ana = await signedUpUser(t);
    const handles: string[] = [];
    for (let i = 0; i < MAX_MENTIONS_PER_POST + 3; i += 1) {
      handles.push((await insertedUser(t, `many_${i}`)).handle);
    }
    const written = await post(ana.cookie, `<p>${handles.slice(0, -1).map(mention).join(' ')}</p>`);
    expect(written.bodyHtml.match(/data-type="mention"/g)).toHaveLength(handles.length - 1);
    expect(t.userEvents).toHaveLength(MAX_MENTIONS_PER_POST);
    await edit(ana.cookie, written.id, `<p>${handles.map(mention).join(' ')}</p>`);
    expect(t.userEvents).toHaveLength(MAX_MENTIONS_PER_POST);
  });

  it('cuts the excerpt to a line of the post', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t, { handle: 'bob' });
    await post(ana.cookie, `<p>${mention('bob')}</p><p>${'long words '.repeat(40)}</p>`);
    const [notification] = (await notificationsOf(bo.cookie)).notifications;
    expect(notification?.excerpt.startsWith('@bob long words long')).toBe(true);
    expect(notification?.excerpt.endsWith('…')).toBe(true);
    expect(Array.from(notification?.excerpt ?? '')).toHaveLength(NOTIFICATION_EXCERPT_LENGTH + 1);
  });

  it('removes a post’s notifications with the post', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t, { handle: 'bob' });
    const written = await post(ana.cookie, `<p>${mention('bob')}</p>`);
    await t.api({ method: 'DELETE', url: `/api/v1/posts/${written.id}`, cookie: ana.cookie });
    expect(await countRows()).toBe(0);
    expect(await notificationsOf(bo.cookie)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
  });
});

describe('GET /notifications and POST /notifications/read', () => {
  it('show and mark only the session user’s own notifications', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t, { handle: 'bob' });
    const cy = await signedUpUser(t, { handle: 'cyd' });
    await post(ana.cookie, `<p>${mention('bob')}</p>`);
    await post(ana.cookie, `<p>${mention('bob')} ${mention('cyd')}</p>`);

    expect((await notificationsOf(ana.cookie)).notifications).toEqual([]);
    expect((await notificationsOf(cy.cookie)).unreadCount).toBe(1);
    const forBo = await notificationsOf(bo.cookie);
    expect(forBo.unreadCount).toBe(2);
    expect(forBo.notifications).toHaveLength(2);

    const read = await t.api({
      method: 'POST',
      url: '/api/v1/notifications/read',
      cookie: bo.cookie,
      payload: {},
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 0 });
    const afterRead = await notificationsOf(bo.cookie);
    expect(afterRead.unreadCount).toBe(0);
    expect(afterRead.notifications.every((n) => n.readAt !== null)).toBe(true);
    // Bo reading his does not touch Cy's.
    expect((await notificationsOf(cy.cookie)).unreadCount).toBe(1);
  });

  it('lists the newest first, a page at a time, and pages the older ones by cursor', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t, { handle: 'bob' });
    const ids: string[] = [];
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 2; i += 1) {
      ids.push((await post(ana.cookie, `<p>${mention('bob')} number ${i}</p>`)).id);
    }
    const newestFirst = ids.reverse();
    const list = await notificationsOf(bo.cookie);
    expect(list.unreadCount).toBe(NOTIFICATIONS_PAGE_SIZE + 2);
    expect(list.notifications.map((n) => n.postId)).toEqual(newestFirst.slice(0, NOTIFICATIONS_PAGE_SIZE));
    expect(list.nextCursor).toEqual(expect.any(String));

    const older = await t.api({
      method: 'GET',
      url: `/api/v1/notifications?cursor=${encodeURIComponent(list.nextCursor ?? '')}`,
      cookie: bo.cookie,
    });
    expect(older.statusCode).toBe(200);
    const olderPage = older.json<{ notifications: { postId: string }[]; nextCursor: string | null }>();
    expect(olderPage.notifications.map((n) => n.postId)).toEqual(newestFirst.slice(NOTIFICATIONS_PAGE_SIZE));
    expect(olderPage.nextCursor).toBeNull();
  });

  it('needs a session', async () => {
    expect((await t.api({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    const read = await t.api({ method: 'POST', url: '/api/v1/notifications/read', payload: {} });
    expect(read.statusCode).toBe(401);
  });

  it('refuses a body with fields on mark-read (it marks everything; nothing to choose)', async () => {
    const bo = await signedUpUser(t);
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/notifications/read',
      cookie: bo.cookie,
      payload: { ids: ['x'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
