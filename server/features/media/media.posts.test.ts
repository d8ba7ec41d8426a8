import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '../../../common/contracts/posts';
import { jpeg, png } from '../../test-support/image-fixtures';
import { mediaRowCount, uploadedImage } from '../../test-support/media-upload';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function createPost(cookie: string, payload: Record<string, unknown>) {
  return t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload });
}

async function feed(cookie?: string): Promise<Post[]> {
  const response = await t.api({ method: 'GET', url: '/api/v1/feed', ...(cookie ? { cookie } : {}) });
  return response.json<{ posts: Post[] }>().posts;
}

describe('posts with images', () => {
  it('shows the images in the given order with trimmed alt text, in the feed and live', async () => {
    const [ana, bo] = [await signedUpUser(t), await signedUpUser(t)];
    const first = await uploadedImage(t, ana.cookie, await jpeg(800, 600));
    const second = await uploadedImage(t, ana.cookie, await png(300, 300));
    const response = await createPost(ana.cookie, {
      body: 'two pictures',
      images: [
        { id: second.id, alt: '  a blue square ' },
        { id: first.id, alt: 'a red field' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const expected = [
      { ...second, alt: 'a blue square' },
      { ...first, alt: 'a red field' },
    ];
    expect(response.json().post.images).toEqual(expected);
    // Another reader sees the same images in the feed and in the live event.
    expect((await feed(bo.cookie))[0]?.images).toEqual(expected);
    const created = t.events.find((event) => event.type === 'post.created');
    expect(created && 'post' in created ? created.post.images : null).toEqual(expected);
  });

  it('gives posts without images an empty list, and keeps images through an edit', async () => {
    const ana = await signedUpUser(t);
    const plain = await createPost(ana.cookie, { body: 'words only' });
    expect(plain.json().post.images).toEqual([]);
    const image = await uploadedImage(t, ana.cookie, await jpeg(400, 300));
    const withImage = (await createPost(ana.cookie, { body: 'v1', images: [{ id: image.id }] })).json().post;
    const edited = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${withImage.id}`,
      cookie: ana.cookie,
      payload: { body: 'v2' },
    });
    expect(edited.json().post.images).toEqual([{ ...image, alt: '' }]);
  });

  it('lets replies carry images', async () => {
    const ana = await signedUpUser(t);
    const root = (await createPost(ana.cookie, { body: 'root' })).json().post;
    const image = await uploadedImage(t, ana.cookie, await jpeg(400, 300));
    const reply = await createPost(ana.cookie, {
      body: 'a reply',
      parentId: root.id,
      images: [{ id: image.id, alt: 'x' }],
    });
    expect(reply.statusCode).toBe(201);
    const replies = await t.api({ method: 'GET', url: `/api/v1/posts/${root.id}/replies` });
    expect(replies.json().posts[0].images).toEqual([{ ...image, alt: 'x' }]);
  });

  it('refuses someone else’s image and creates no post', async () => {
    const [ana, bo] = [await signedUpUser(t), await signedUpUser(t)];
    const anasImage = await uploadedImage(t, ana.cookie, await jpeg(400, 300));
    const bosImage = await uploadedImage(t, bo.cookie, await jpeg(500, 300));
    const response = await createPost(bo.cookie, {
      body: 'stolen',
      images: [{ id: bosImage.id }, { id: anasImage.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'image_not_found', message: expect.any(String) });
    expect(await feed()).toEqual([]);
    expect(t.events).toEqual([]);
    // Bo's own image was not used up by the failed post.
    expect((await createPost(bo.cookie, { body: 'mine', images: [{ id: bosImage.id }] })).statusCode).toBe(
      201,
    );
  });

  it('attaches an image to one post only', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(400, 300));
    expect((await createPost(ana.cookie, { body: 'first', images: [{ id: image.id }] })).statusCode).toBe(
      201,
    );
    const again = await createPost(ana.cookie, { body: 'again', images: [{ id: image.id }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('image_not_found');
    expect(await feed()).toHaveLength(1);
  });

  it('refuses unknown ids, duplicates and more than four images', async () => {
    const ana = await signedUpUser(t);
    const unknown = await createPost(ana.cookie, {
      body: 'x',
      images: [{ id: '01890a5d-ac96-774b-bcce-b302099a8057' }],
    });
    expect(unknown.json().error.code).toBe('image_not_found');
    const image = await uploadedImage(t, ana.cookie, await png(50, 50));
    const twice = await createPost(ana.cookie, { body: 'x', images: [{ id: image.id }, { id: image.id }] });
    expect(twice.json().error.code).toBe('validation_failed');
    const five = await createPost(ana.cookie, {
      body: 'x',
      images: Array.from({ length: 5 }, () => ({ id: image.id })),
    });
    expect(five.json().error.code).toBe('validation_failed');
    expect(await mediaRowCount(t)).toBe(1);
  });
});
