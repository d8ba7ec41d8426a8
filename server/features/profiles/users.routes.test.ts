import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_SUGGESTIONS_LIMIT } from '../../../common/contracts/users';
import { createTestApp, insertedUser, signedUpUser, type TestApp } from '../../test-support/test-app';
import { escapeLikePattern } from '../users/users.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['ana_b', 'anab', 'Ana_Lima', 'anna', 'boo', 'a_b', 'axb', 'zed']) {
    await insertedUser(t, handle, `Name of ${handle}`);
  }
});
afterAll(async () => {
  await t.close();
});

async function suggest(prefix: string): Promise<string[]> {
  const response = await t.api({ method: 'GET', url: '/api/v1/users', query: { prefix } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ users: { handle: string }[] }>().users.map((user) => user.handle);
}

describe('GET /users?prefix=', () => {
  it('suggests handles that start with the prefix, without case, in handle order', async () => {
    expect(await suggest('AN')).toEqual(['ana_b', 'Ana_Lima', 'anab', 'anna']);
    expect(await suggest('@ana')).toEqual(['ana_b', 'Ana_Lima', 'anab']);
  });

  it('matches _ literally, not as a one-character wildcard', async () => {
    expect(await suggest('ana_')).toEqual(['ana_b', 'Ana_Lima']);
    expect(await suggest('a_')).toEqual(['a_b']);
  });

  it('matches % and \\ literally', async () => {
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('a%b')).toEqual([]);
    expect(await suggest('\\')).toEqual([]);
  });

  it(`answers the first ${HANDLE_SUGGESTIONS_LIMIT} handles for an empty prefix`, async () => {
    await insertedUser(t, 'zzz_extra');
    const handles = await suggest('');
    expect(handles).toHaveLength(HANDLE_SUGGESTIONS_LIMIT);
    expect(handles[0]).toBe('a_b');
  });

  it('shows public profile fields only', async () => {
    const response = await t.api({ method: 'GET', url: '/api/v1/users', query: { prefix: 'boo' } });
    expect(response.json().users).toEqual([
      {
        id: expect.any(String),
        handle: 'boo',
        displayName: 'Name of boo',
        bio: '',
        avatar: null,
        createdAt: expect.any(String),
        locked: false,
      },
    ]);
  });

  it('refuses a prefix longer than any handle', async () => {
    const response = await t.api({ method: 'GET', url: '/api/v1/users', query: { prefix: 'x'.repeat(40) } });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /users/:handle and its tabs', () => {
  it('counts posts, replies and likes received, and pages posts and replies apart', async () => {
    const writer = await signedUpUser(t);
    const reader = await signedUpUser(t);
    const write = async (cookie: string, body: string, parentId?: string) => {
      const response = await t.api({
        method: 'POST',
        url: '/api/v1/posts',
        cookie,
        payload: { body, parentId },
      });
      return response.json<{ post: { id: string } }>().post.id;
    };
    const first = await write(writer.cookie, 'first');
    await write(writer.cookie, 'second');
    const readerPost = await write(reader.cookie, 'reader speaks');
    await write(writer.cookie, 'a reply', readerPost);
    await t.api({ method: 'PUT', url: `/api/v1/posts/${first}/like`, cookie: reader.cookie });

    const profile = await t.api({ method: 'GET', url: `/api/v1/users/@${writer.user.handle}` });
    expect(profile.json().counts).toEqual({
      posts: 2,
      replies: 1,
      likesReceived: 1,
      followers: 0,
      following: 0,
    });
    const posts = await t.api({ method: 'GET', url: `/api/v1/users/${writer.user.handle}/posts` });
    expect(posts.json().posts.map((p: { bodyText: string }) => p.bodyText)).toEqual(['second', 'first']);
    const replies = await t.api({ method: 'GET', url: `/api/v1/users/${writer.user.handle}/replies` });
    expect(replies.json()).toMatchObject({
      posts: [{ bodyText: 'a reply', parentId: readerPost }],
      nextCursor: null,
    });
    const nobody = await t.api({ method: 'GET', url: '/api/v1/users/nobody_here/replies' });
    expect(nobody.statusCode).toBe(404);
  });

  it('answers zero counts for an account that wrote nothing', async () => {
    const quiet = await signedUpUser(t);
    const profile = await t.api({ method: 'GET', url: `/api/v1/users/${quiet.user.handle}` });
    expect(profile.json().counts).toEqual({
      posts: 0,
      replies: 0,
      likesReceived: 0,
      followers: 0,
      following: 0,
    });
  });
});

describe('escapeLikePattern', () => {
  it('escapes every LIKE wildcard and the escape character itself', () => {
    expect(escapeLikePattern('a_b%c\\d')).toBe('a\\_b\\%c\\\\d');
  });
});
