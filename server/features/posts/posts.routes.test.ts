import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEED_PAGE_SIZE, POST_BODY_MAX_LENGTH } from '../../../common/contracts/posts';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function post(cookie: string, body: string, parentId?: string) {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body, parentId } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().post as {
    id: string;
    bodyHtml: string;
    bodyText: string;
    replyCount: number;
    likeCount: number;
  };
}

describe('posts', () => {
  it('creates a post that leads the feed, with its author, and announces it live', async () => {
    const ana = await signedUpUser(t, { handle: 'ana' });
    const created = await post(ana.cookie, '  Hello, Tidings!\r\nSecond line  ');
    expect(created).toMatchObject({
      bodyHtml: '<p>Hello, Tidings!<br>Second line</p>',
      bodyText: 'Hello, Tidings!\nSecond line',
      likeCount: 0,
      replyCount: 0,
      editedAt: null,
    });
    const feed = await t.api({ method: 'GET', url: '/api/v1/feed', cookie: ana.cookie });
    expect(feed.json().posts[0]).toMatchObject({ id: created.id, author: { handle: 'ana' } });
    expect(t.events).toEqual([
      expect.objectContaining({
        type: 'post.created',
        seq: 1,
        post: expect.objectContaining({ id: created.id }),
      }),
    ]);
    expect(t.events[0]).not.toHaveProperty('post.likedByMe');
  });

  it('refuses empty and whitespace-only bodies with a field error', async () => {
    const ana = await signedUpUser(t);
    for (const body of ['', '   \n ']) {
      const response = await t.api({
        method: 'POST',
        url: '/api/v1/posts',
        cookie: ana.cookie,
        payload: { body },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['body']);
    }
    expect(t.events).toEqual([]);
  });

  it('counts the limit in characters of text, not markup', async () => {
    const ana = await signedUpUser(t);
    const longest = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ana.cookie,
      payload: { body: 'x'.repeat(POST_BODY_MAX_LENGTH) },
    });
    expect(longest.statusCode).toBe(201);
    const tooLong = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ana.cookie,
      payload: { body: 'x'.repeat(POST_BODY_MAX_LENGTH + 1) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toEqual({
      code: 'body_too_long',
      message: `Posts have at most ${POST_BODY_MAX_LENGTH} characters.`,
    });
  });

  it('needs a session to post', async () => {
    const response = await t.api({ method: 'POST', url: '/api/v1/posts', payload: { body: 'hi' } });
    expect(response.statusCode).toBe(401);
  });

  it('lets only the author edit, marking the post edited', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const created = await post(ana.cookie, 'first draft');
    const forbidden = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${created.id}`,
      cookie: bo.cookie,
      payload: { body: 'hijacked' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('not_author');
    const edited = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${created.id}`,
      cookie: ana.cookie,
      payload: { body: 'final words' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().post).toMatchObject({ bodyHtml: '<p>final words</p>', bodyText: 'final words' });
    expect(edited.json().post.editedAt).toEqual(expect.any(String));
    expect(t.events.map((e) => e.type)).toEqual(['post.created', 'post.updated']);
  });

  it('lets only the author delete; the post is gone from the feed and the deletion goes out live', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const created = await post(ana.cookie, 'soon gone');
    const forbidden = await t.api({
      method: 'DELETE',
      url: `/api/v1/posts/${created.id}`,
      cookie: bo.cookie,
    });
    expect(forbidden.statusCode).toBe(403);
    const deleted = await t.api({ method: 'DELETE', url: `/api/v1/posts/${created.id}`, cookie: ana.cookie });
    expect(deleted.json()).toEqual({ deleted: true, parentReplyCount: null });
    expect((await t.api({ method: 'GET', url: `/api/v1/posts/${created.id}` })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: '/api/v1/feed' })).json().posts).toEqual([]);
    expect(t.events.at(-1)).toMatchObject({ type: 'post.deleted', postId: created.id, parentId: null });
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    const ana = await signedUpUser(t);
    const unknown = await t.api({
      method: 'PATCH',
      url: '/api/v1/posts/00000000-0000-4000-8000-000000000000',
      cookie: ana.cookie,
      payload: { body: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.api({ method: 'GET', url: '/api/v1/posts/not-an-id' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('replies', () => {
  it('lists replies under a post, oldest first, and keeps the count live', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const root = await post(ana.cookie, 'question?');
    const first = await post(bo.cookie, 'answer one', root.id);
    await post(ana.cookie, 'answer two', root.id);
    const replies = await t.api({ method: 'GET', url: `/api/v1/posts/${root.id}/replies` });
    expect(replies.json().posts.map((p: { bodyText: string }) => p.bodyText)).toEqual([
      'answer one',
      'answer two',
    ]);
    expect((await t.api({ method: 'GET', url: `/api/v1/posts/${root.id}` })).json().post.replyCount).toBe(2);
    const feed = await t.api({ method: 'GET', url: '/api/v1/feed' });
    expect(feed.json().posts.map((p: { id: string }) => p.id)).toEqual([root.id]);
    expect(
      t.events.filter((e) => e.type === 'post.replied').map((e) => 'replyCount' in e && e.replyCount),
    ).toEqual([1, 2]);

    const deleted = await t.api({ method: 'DELETE', url: `/api/v1/posts/${first.id}`, cookie: bo.cookie });
    expect(deleted.json()).toEqual({ deleted: true, parentReplyCount: 1 });
    expect((await t.api({ method: 'GET', url: `/api/v1/posts/${root.id}` })).json().post.replyCount).toBe(1);
  });

  it('keeps replies one level deep', async () => {
    const ana = await signedUpUser(t);
    const root = await post(ana.cookie, 'root');
    const reply = await post(ana.cookie, 'reply', root.id);
    const nested = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ana.cookie,
      payload: { body: 'deeper', parentId: reply.id },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.code).toBe('reply_too_deep');
  });

  it('removes replies with their post', async () => {
    const ana = await signedUpUser(t);
    const root = await post(ana.cookie, 'root');
    const reply = await post(ana.cookie, 'reply', root.id);
    await t.api({ method: 'DELETE', url: `/api/v1/posts/${root.id}`, cookie: ana.cookie });
    expect((await t.api({ method: 'GET', url: `/api/v1/posts/${reply.id}` })).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('likes once per person, unlikes, and reports likedByMe per reader', async () => {
    const ana = await signedUpUser(t);
    const bo = await signedUpUser(t);
    const created = await post(ana.cookie, 'like me');
    const like = (cookie: string, method: 'PUT' | 'DELETE') =>
      t.api({ method, url: `/api/v1/posts/${created.id}/like`, cookie });
    expect((await like(bo.cookie, 'PUT')).json()).toEqual({ likeCount: 1, likedByMe: true });
    expect((await like(bo.cookie, 'PUT')).json()).toEqual({ likeCount: 1, likedByMe: true });
    expect((await like(ana.cookie, 'PUT')).json()).toEqual({ likeCount: 2, likedByMe: true });
    const asBo = await t.api({ method: 'GET', url: `/api/v1/posts/${created.id}`, cookie: bo.cookie });
    expect(asBo.json().post).toMatchObject({ likeCount: 2, likedByMe: true });
    expect((await like(bo.cookie, 'DELETE')).json()).toEqual({ likeCount: 1, likedByMe: false });
    const anonymous = await t.api({ method: 'GET', url: `/api/v1/posts/${created.id}` });
    expect(anonymous.json().post).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(
      t.events.filter((e) => e.type === 'post.liked').map((e) => 'likeCount' in e && e.likeCount),
    ).toEqual([1, 1, 2, 1]);
  });

  it('needs a session to like', async () => {
    const ana = await signedUpUser(t);
    const created = await post(ana.cookie, 'x');
    expect((await t.api({ method: 'PUT', url: `/api/v1/posts/${created.id}/like` })).statusCode).toBe(401);
  });
});

describe('feed pagination', () => {
  it('pages newest first with an opaque cursor, with no duplicates or gaps', async () => {
    const ana = await signedUpUser(t);
    const total = FEED_PAGE_SIZE * 2 + 5;
    for (let i = 0; i < total; i += 1) await post(ana.cookie, `post ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await t.api({ method: 'GET', url: '/api/v1/feed', query: cursor ? { cursor } : {} });
      const page = response.json<{ posts: { bodyText: string }[]; nextCursor: string | null }>();
      seen.push(...page.posts.map((p) => p.bodyText));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => `post ${total - 1 - i}`));
  });

  it('refuses a forged cursor', async () => {
    const response = await t.api({
      method: 'GET',
      url: '/api/v1/feed',
      query: { cursor: 'bm90LWEtY3Vyc29y' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_cursor');
  });

  it('numbers live events with a strictly increasing sequence', async () => {
    const ana = await signedUpUser(t);
    const created = await post(ana.cookie, 'a');
    await t.api({ method: 'PUT', url: `/api/v1/posts/${created.id}/like`, cookie: ana.cookie });
    await post(ana.cookie, 'b', created.id);
    expect(t.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });
});

describe('profiles', () => {
  it('shows a profile by handle in any case, with its posts (replies have their own tab)', async () => {
    const ana = await signedUpUser(t, { handle: 'AnaL', displayName: 'Ana Lima' });
    const bo = await signedUpUser(t);
    const first = await post(ana.cookie, 'one');
    await post(bo.cookie, 'not ana');
    await post(ana.cookie, 'two', first.id);
    const profile = await t.api({ method: 'GET', url: '/api/v1/users/@anal' });
    expect(profile.json().user).toMatchObject({ handle: 'AnaL', displayName: 'Ana Lima' });
    expect(JSON.stringify(profile.json())).not.toContain('@example.com');
    const posts = await t.api({ method: 'GET', url: '/api/v1/users/AnaL/posts' });
    expect(posts.json().posts.map((p: { bodyText: string }) => p.bodyText)).toEqual(['one']);
    const replies = await t.api({ method: 'GET', url: '/api/v1/users/AnaL/replies' });
    expect(replies.json().posts.map((p: { bodyText: string }) => p.bodyText)).toEqual(['two']);
    expect((await t.api({ method: 'GET', url: '/api/v1/users/nobody_here' })).statusCode).toBe(404);
  });
});
