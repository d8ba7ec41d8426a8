import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrendingTagsResponse } from '../../../common/contracts/hashtags';
import type { NotificationsResponse } from '../../../common/contracts/notifications';
import type { PostPage } from '../../../common/contracts/posts';
import { createTestApp, publishedPost, signedUpUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;

const post = (who: Account, body: string, parentId?: string) => publishedPost(t, who, body, parentId);

async function ok(who: Account | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const response = await t.api({ method, url: `/api/v1${url}`, cookie: who?.cookie, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

const idsOf = async (who: Account | null, url: string) =>
  (await ok(who, 'GET', url)).json<PostPage>().posts.map((p) => p.id);

describe('the Home timeline', () => {
  it('holds the posts of followed accounts, followed hashtags and the reader, and nothing else', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await ok(ana, 'PUT', `/follows/${ben.user.id}`);
    await ok(ana, 'PUT', '/tags/Tulips/follow');
    const benPost = await post(ben, 'A walk by the river');
    const benReply = await post(ben, 'A reply', benPost);
    const catTagged = await post(cat, 'The <strong>#TULIPS</strong> are out');
    const catOther = await post(cat, 'Nothing to see');
    const anaOwn = await post(ana, 'My own post');

    expect(await idsOf(ana, '/timelines/home')).toEqual([anaOwn, catTagged, benPost]);
    expect(await idsOf(ana, '/timelines/home')).not.toContain(benReply);
    expect(await idsOf(ana, '/timelines/home')).not.toContain(catOther);

    // Unfollowing takes effect on the next read.
    const removed = await t.api({
      method: 'DELETE',
      url: `/api/v1/follows/${ben.user.id}`,
      cookie: ana.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect(await idsOf(ana, '/timelines/home')).toEqual([anaOwn, catTagged]);

    const signedOut = await t.api({ method: 'GET', url: '/api/v1/timelines/home' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('leaves out muted and blocked authors, even through a followed hashtag', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await ok(ana, 'PUT', `/follows/${ben.user.id}`);
    await ok(ana, 'PUT', '/tags/tulips/follow');
    const benPost = await post(ben, 'ben #tulips');
    const catPost = await post(cat, 'cat #tulips');
    expect(await idsOf(ana, '/timelines/home')).toEqual([catPost, benPost]);
    await ok(ana, 'POST', '/me/mutes', { userId: ben.user.id });
    await ok(cat, 'POST', '/me/blocks', { userId: ana.user.id });
    expect(await idsOf(ana, '/timelines/home')).toEqual([]);
    expect(await idsOf(ana, '/tags/tulips/posts')).toEqual([]);
    expect(await idsOf(null, '/tags/tulips/posts')).toEqual([catPost, benPost]);
  });

  it('pages by cursor without repeating or losing a post', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    await ok(ana, 'PUT', `/follows/${ben.user.id}`);
    const written: string[] = [];
    for (let i = 0; i < 45; i += 1) written.unshift(await post(i % 3 ? ben : ana, `post ${i}`));
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: PostPage = (
        await ok(ana, 'GET', `/timelines/home${cursor ? `?cursor=${cursor}` : ''}`)
      ).json<PostPage>();
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(written);
    const bad = await t.api({ method: 'GET', url: '/api/v1/timelines/home?cursor=xyz', cookie: ana.cookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe('hashtags', () => {
  it("link in posts in any script, and a tag's page lists its top-level posts in any case", async () => {
    const ana = await signedUpUser(t);
    const japanese = await post(ana, '今日は #日本語 の日');
    const german = await post(ana, 'Ein #Straßenfest heute');
    const hindi = await post(ana, 'नमस्ते #हिन्दी');
    const reply = await post(ana, 'also #日本語', japanese);
    const inCode = await post(ana, '<p><code>#日本語</code></p>');
    const page = (await ok(null, 'GET', `/posts/${japanese}`)).json<{ post: { bodyHtml: string } }>();
    expect(page.post.bodyHtml).toContain(
      `<a href="/tags/${encodeURIComponent('日本語')}" data-type="hashtag" data-id="日本語">#日本語</a>`,
    );
    expect(await idsOf(null, `/tags/${encodeURIComponent('日本語')}/posts`)).toEqual([japanese]);
    expect(await idsOf(null, `/tags/${encodeURIComponent('#日本語')}/posts`)).toEqual([japanese]);
    expect(await idsOf(null, `/tags/${encodeURIComponent('STRASSENFEST'.toLowerCase())}/posts`)).toEqual([]);
    expect(await idsOf(null, `/tags/${encodeURIComponent('straßenfest')}/posts`)).toEqual([german]);
    expect(await idsOf(null, `/tags/${encodeURIComponent('हिन्दी')}/posts`)).toEqual([hindi]);
    expect(await idsOf(null, `/tags/${encodeURIComponent('日本語')}/posts`)).not.toContain(reply);
    expect(await idsOf(null, `/tags/${encodeURIComponent('日本語')}/posts`)).not.toContain(inCode);
    const notATag = await t.api({ method: 'GET', url: '/api/v1/tags/12345/posts' });
    expect(notATag.statusCode).toBe(400);
  });

  it('follow an edit: a tag added or removed by an edit moves the post', async () => {
    const ana = await signedUpUser(t);
    const id = await post(ana, 'about #gardening');
    const edit = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${id}`,
      cookie: ana.cookie,
      payload: { body: 'about #cooking' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await idsOf(null, '/tags/gardening/posts')).toEqual([]);
    expect(await idsOf(null, '/tags/cooking/posts')).toEqual([id]);
  });

  it('trend by the number of people using them in the last day', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await post(ana, '#solo #solo #solo');
    await post(ana, '#solo again');
    await post(ana, '#shared');
    await post(ben, '#shared and #pair');
    await post(cat, '#SHARED and #pair');
    const trending = (await ok(null, 'GET', '/trending-tags')).json<TrendingTagsResponse>();
    expect(trending.tags).toEqual([
      { tag: 'shared', authors: 3 },
      { tag: 'pair', authors: 2 },
      { tag: 'solo', authors: 1 },
    ]);
  });

  it('are found by search', async () => {
    const ana = await signedUpUser(t);
    const tagged = await post(ana, 'Spring #tulips everywhere');
    const response = await ok(null, 'GET', `/search?q=${encodeURIComponent('#tulips')}`);
    expect(response.json<PostPage>().posts.map((p) => p.id)).toEqual([tagged]);
  });
});

describe('mentions typed as text', () => {
  it('notify the account, stopping at punctuation, and never an e-mail address', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const id = await post(ben, `Hello @${ana.user.handle}! Write to ${ana.user.handle}@example.com`);
    const notifications = (await ok(ana, 'GET', '/notifications')).json<NotificationsResponse>()
      .notifications;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ type: 'mention', postId: id });
    const page = (await ok(null, 'GET', `/posts/${id}`)).json<{ post: { bodyHtml: string } }>();
    expect(page.post.bodyHtml).toContain(
      `data-type="mention" data-id="${ana.user.handle}">@${ana.user.handle}</a>!`,
    );
    expect(page.post.bodyHtml).toContain(`${ana.user.handle}@example.com`);
  });
});
