import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../common/contracts/posts';
import { StoredJsonError } from '../../platform/db/stored-json';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { createPostsRepository } from './posts.repository';
import { presentPost } from './post.presenter';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signedUpUser(t));
});
afterAll(() => t.close());

async function newPost(): Promise<Post> {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body: 'Kept' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: Post }>().post;
}

describe('a post whose stored JSON is damaged', () => {
  it('is refused with the column named, never passed on as the wrong type', async () => {
    const post = await newPost();
    await t.database.db
      .updateTable('posts')
      .set({ images_json: '[{"id": 1}]' })
      .where('id', '=', post.id)
      .execute();
    const row = await createPostsRepository(t.database.db).findById(post.id, null);
    if (row === undefined) throw new Error('The post just written is missing');
    expect(() => presentPost(row)).toThrow(StoredJsonError);
    expect(() => presentPost(row)).toThrow(/posts\.images_json .* at 0\.id$/);

    // Over HTTP it is an unknown error: a bare 500, nothing of the row in the answer.
    const response = await t.api({ method: 'GET', url: `/api/v1/posts/${post.id}` });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('images_json');
  });
});
