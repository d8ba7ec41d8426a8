import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../platform/db/dialect';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { countsAgreeWithRows } from '../../test-support/stored-counts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const WRITERS = 6;

/**
 * On PostgreSQL every new post and like row waits this long before its statement returns, so
 * concurrent writes to one post always overlap the way a busy server overlaps them by chance:
 * each has written its row before any has counted. SQLite runs one write at a time anyway.
 */
async function slowRowWrites(): Promise<void> {
  if (!isPostgres(t.database.db)) return;
  await sql`create function tidings_test_slow_row() returns trigger language plpgsql as $$
    begin perform pg_sleep(0.3); return null; end $$`.execute(t.database.db);
  for (const table of ['posts', 'post_likes'])
    await sql`create trigger tidings_test_slow after insert or delete on ${sql.table(table)}
      for each row execute function tidings_test_slow_row()`.execute(t.database.db);
}

async function writers() {
  const users = [];
  for (let i = 0; i < WRITERS; i += 1) users.push(await signedUpUser(t));
  return users;
}

async function newPost(cookie: string, body: string, parentId?: string): Promise<string> {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body, parentId } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

describe('stored counts under concurrent writes', () => {
  it('concurrent replies to one post leave its reply count equal to its replies', async () => {
    const users = await writers();
    const parentId = await newPost(users[0]!.cookie, 'Ask me anything');
    await slowRowWrites();
    const replies = await Promise.all(users.map((user, i) => newPost(user.cookie, `Reply ${i}`, parentId)));
    expect(replies).toHaveLength(WRITERS);

    const post = await t.api({ method: 'GET', url: `/api/v1/posts/${parentId}` });
    expect(post.json().post.replyCount).toBe(WRITERS);
    expect(await countsAgreeWithRows(t.database.db)).toEqual([]);
  });

  it('concurrent likes and unlikes of one post leave its like count equal to its likes', async () => {
    const users = await writers();
    const postId = await newPost(users[0]!.cookie, 'Like me');
    await slowRowWrites();
    const like = (cookie: string, method: 'PUT' | 'DELETE') =>
      t.api({ method, url: `/api/v1/posts/${postId}/like`, cookie });
    for (const response of await Promise.all(users.map((user) => like(user.cookie, 'PUT'))))
      expect(response.statusCode, response.body).toBe(200);
    expect(await countsAgreeWithRows(t.database.db)).toEqual([]);

    const leaving = users.slice(0, 3);
    for (const response of await Promise.all(leaving.map((user) => like(user.cookie, 'DELETE'))))
      expect(response.statusCode, response.body).toBe(200);
    const post = await t.api({ method: 'GET', url: `/api/v1/posts/${postId}` });
    expect(post.json().post.likeCount).toBe(WRITERS - leaving.length);
    expect(await countsAgreeWithRows(t.database.db)).toEqual([]);
  });

  it('concurrent deletions of replies leave the reply count equal to the replies left', async () => {
    const users = await writers();
    const parentId = await newPost(users[0]!.cookie, 'Ask me anything');
    const replies = [];
    for (const [i, user] of users.entries())
      replies.push({ cookie: user.cookie, id: await newPost(user.cookie, `Reply ${i}`, parentId) });
    await slowRowWrites();
    const deleted = await Promise.all(
      replies
        .slice(0, 4)
        .map(({ cookie, id }) => t.api({ method: 'DELETE', url: `/api/v1/posts/${id}`, cookie })),
    );
    for (const response of deleted) expect(response.statusCode, response.body).toBe(200);
    const post = await t.api({ method: 'GET', url: `/api/v1/posts/${parentId}` });
    expect(post.json().post.replyCount).toBe(WRITERS - 4);
    expect(await countsAgreeWithRows(t.database.db)).toEqual([]);
  });
});
