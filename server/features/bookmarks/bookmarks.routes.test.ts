import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEED_PAGE_SIZE, type PostPage } from '../../../common/contracts/posts';
import { createTestApp, publishedPost, signedUpUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;

const post = (who: Account, body: string) => publishedPost(t, who, body);

async function bookmark(who: Account, postId: string, method: 'PUT' | 'DELETE' = 'PUT') {
  return t.api({ method, url: `/api/v1/posts/${postId}/bookmark`, cookie: who.cookie });
}

async function bookmarks(who: Account, cursor?: string) {
  const response = await t.api({
    method: 'GET',
    url: `/api/v1/me/bookmarks${cursor ? `?cursor=${cursor}` : ''}`,
    cookie: who.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostPage>();
}

describe('bookmarks', () => {
  it('are private to their owner: the flag, the list, and nobody else sees either', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const tulips = await post(ben, 'tulips');
    const added = await bookmark(ana, tulips);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ bookmarkedByMe: true });
    // Twice is once.
    expect((await bookmark(ana, tulips)).json()).toEqual({ bookmarkedByMe: true });

    const read = async (who?: Account) => {
      const response = await t.api({ method: 'GET', url: `/api/v1/posts/${tulips}`, cookie: who?.cookie });
      return response.json<{ post: { bookmarkedByMe: boolean } }>().post.bookmarkedByMe;
    };
    expect(await read(ana)).toBe(true);
    expect(await read(ben)).toBe(false);
    expect(await read()).toBe(false);
    const feed = await t.api({ method: 'GET', url: '/api/v1/feed', cookie: ana.cookie });
    expect(feed.json<PostPage>().posts.find((p) => p.id === tulips)?.bookmarkedByMe).toBe(true);

    expect((await bookmarks(ana)).posts.map((p) => p.id)).toEqual([tulips]);
    expect((await bookmarks(ben)).posts).toEqual([]);
    const signedOut = await t.api({ method: 'GET', url: '/api/v1/me/bookmarks' });
    expect(signedOut.statusCode).toBe(401);

    expect((await bookmark(ana, tulips, 'DELETE')).json()).toEqual({ bookmarkedByMe: false });
    expect((await bookmarks(ana)).posts).toEqual([]);
  });

  it('lists newest bookmark first, by cursor, and drops posts that are gone or hidden', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    const ids: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 2; i += 1) ids.push(await post(i % 2 ? ben : cat, `post ${i}`));
    // Bookmarked in reverse order of writing: the list follows the bookmarks, not the posts.
    for (const id of [...ids].reverse()) {
      expect((await bookmark(ana, id)).statusCode).toBe(200);
      // A millisecond apart, so the order under test is the bookmarks' own.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await bookmarks(ana);
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    const second = await bookmarks(ana, first.nextCursor ?? '');
    expect(second.nextCursor).toBeNull();
    expect([...first.posts, ...second.posts].map((p) => p.id)).toEqual(ids);

    const deleted = await t.api({ method: 'DELETE', url: `/api/v1/posts/${ids[0]}`, cookie: cat.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const mute = await t.api({
      method: 'POST',
      url: '/api/v1/me/mutes',
      cookie: ana.cookie,
      payload: { userId: ben.user.id },
    });
    expect(mute.statusCode).toBe(201);
    const all = [...(await bookmarks(ana)).posts];
    expect(all.map((p) => p.id)).not.toContain(ids[0]);
    expect(all.every((p) => p.author.id === cat.user.id)).toBe(true);
  });

  it('refuses a post that does not exist or that the reader cannot see', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const hidden = await post(ben, 'hidden');
    const block = await t.api({
      method: 'POST',
      url: '/api/v1/me/blocks',
      cookie: ben.cookie,
      payload: { userId: ana.user.id },
    });
    expect(block.statusCode).toBe(201);
    expect((await bookmark(ana, hidden)).statusCode).toBe(404);
    expect((await bookmark(ana, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.api({ method: 'PUT', url: `/api/v1/posts/${hidden}/bookmark` })).statusCode).toBe(401);
  });
});
