import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../common/contracts/notifications';
import type { Post, PostPage, PostResponse, RepostResponse } from '../../../common/contracts/posts';
import type { SearchResponse } from '../../../common/contracts/search';
import { filteredFeedChannel } from '../../../common/contracts/live-events';
import { createTestApp, publishedPost, signedUpUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

const post = (who: Account, body: string, parentId?: string) => publishedPost(t, who, body, parentId);

function call(who: Account | null, method: Method, url: string, payload?: object) {
  return t.api({ method, url: `/api/v1${url}`, cookie: who?.cookie, payload });
}

async function ok(who: Account | null, method: Method, url: string, payload?: object) {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

const repost = async (who: Account, postId: string) =>
  (await ok(who, 'PUT', `/posts/${postId}/repost`)).json<RepostResponse>();
const unrepost = async (who: Account, postId: string) =>
  (await ok(who, 'DELETE', `/posts/${postId}/repost`)).json<RepostResponse>();
const home = async (who: Account) => (await ok(who, 'GET', '/timelines/home')).json<PostPage>().posts;
const getPost = async (who: Account | null, id: string) =>
  (await ok(who, 'GET', `/posts/${id}`)).json<PostResponse>().post;
/** Home as entries: the post, and who reposted it when the entry is a repost. */
const entries = (posts: readonly Post[]) => posts.map((p) => [p.id, p.repostedBy?.by.handle ?? null]);

async function quote(who: Account, quoteOfId: string, body = 'Look at this'): Promise<Post> {
  const response = await ok(who, 'POST', '/posts', { body, quoteOfId });
  return response.json<{ post: Post }>().post;
}

const notificationsOf = async (who: Account) =>
  (await ok(who, 'GET', '/notifications')).json<NotificationsResponse>().notifications;

describe('reposts', () => {
  it("reach the reposter's followers' Home, once per person, with counts, and undo", async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await ok(ana, 'PUT', `/follows/${ben.user.id}`);
    const catPost = await post(cat, 'A heron on the pond');
    expect(entries(await home(ana))).toEqual([]);

    expect(await repost(ben, catPost)).toEqual({ repostCount: 1, repostedByMe: true });
    // A second repost by the same person changes nothing.
    expect(await repost(ben, catPost)).toEqual({ repostCount: 1, repostedByMe: true });
    const [entry] = await home(ana);
    expect(entry).toMatchObject({
      id: catPost,
      repostCount: 1,
      repostedByMe: false,
      repostedBy: { by: { id: ben.user.id, handle: ben.user.handle } },
    });
    expect((await getPost(ben, catPost)).repostedByMe).toBe(true);
    expect((await getPost(null, catPost)).repostedByMe).toBe(false);
    // The reposter's own Home has it too; the author's post page shows the count.
    expect(entries(await home(ben))).toEqual([[catPost, ben.user.handle]]);
    expect((await getPost(cat, catPost)).repostCount).toBe(1);

    expect(await unrepost(ben, catPost)).toEqual({ repostCount: 0, repostedByMe: false });
    expect(await unrepost(ben, catPost)).toEqual({ repostCount: 0, repostedByMe: false });
    expect(await home(ana)).toEqual([]);
    expect((await getPost(cat, catPost)).repostCount).toBe(0);
  });

  it('go out live once each, and the undo takes the entry back', async () => {
    const [ben, cat] = [await signedUpUser(t), await signedUpUser(t)];
    const catPost = await post(cat, 'Live heron');
    t.events.length = 0;
    await repost(ben, catPost);
    await repost(ben, catPost);
    await unrepost(ben, catPost);
    const [created, deleted, ...rest] = t.events;
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      type: 'repost.created',
      post: { id: catPost, repostCount: 1, repostedBy: { by: { id: ben.user.id } } },
    });
    expect(created).not.toHaveProperty('post.repostedByMe');
    expect(created).not.toHaveProperty('post.likedByMe');
    const repostId = created?.type === 'repost.created' ? created.post.repostedBy.id : '';
    expect(deleted).toMatchObject({ type: 'repost.deleted', repostId, postId: catPost, repostCount: 0 });
  });

  it('show a post once on a page however many followed accounts reposted it, and page without loss', async () => {
    const [ana, ben, cat, dan] = [
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
    ];
    await ok(ana, 'PUT', `/follows/${ben.user.id}`);
    await ok(ana, 'PUT', `/follows/${cat.user.id}`);
    const danPost = await post(dan, 'Reposted twice');
    const catPost = await post(cat, 'Followed anyway');
    await repost(ben, danPost);
    await repost(cat, danPost);
    await repost(ben, catPost);
    // Newest entry of each post: ben's repost of catPost, cat's repost of danPost.
    expect(entries(await home(ana))).toEqual([
      [catPost, ben.user.handle],
      [danPost, cat.user.handle],
    ]);

    // Forty-odd entries of both kinds page newest first with nothing lost or repeated.
    const written: string[] = [];
    for (let i = 0; i < 42; i += 1) {
      const id = await post(dan, `dan ${i}`);
      await repost(i % 2 ? ben : cat, id);
      written.unshift(id);
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: PostPage = (
        await ok(ana, 'GET', `/timelines/home${cursor ? `?cursor=${cursor}` : ''}`)
      ).json<PostPage>();
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
    }
    expect(seen.slice(0, written.length)).toEqual(written);
  });

  it('disappear with the reposted post and with the reposter, recounting what is left', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await ok(ana, 'PUT', `/follows/${ben.user.id}`);
    const catPost = await post(cat, 'Soon gone');
    const anaPost = await post(ana, 'Mine');
    await repost(ben, catPost);
    await repost(ben, anaPost);
    await ok(cat, 'DELETE', `/posts/${catPost}`);
    expect(entries(await home(ana))).toEqual([[anaPost, ben.user.handle]]);

    t.events.length = 0;
    await ok(ben, 'DELETE', '/me', { password: ben.account.password });
    expect(entries(await home(ana))).toEqual([[anaPost, null]]);
    expect((await getPost(ana, anaPost)).repostCount).toBe(0);
    expect(t.events).toContainEqual(
      expect.objectContaining({ type: 'repost.deleted', postId: anaPost, repostCount: 0 }),
    );
  });

  it('notify the author, grouped like likes, and an undo while unread takes it back', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'Worth sharing');
    await repost(ben, anaPost);
    await repost(cat, anaPost);
    // Reposting one's own post tells nobody.
    await repost(ana, anaPost);
    const [group, ...others] = await notificationsOf(ana);
    expect(others).toEqual([]);
    expect(group).toMatchObject({ type: 'repost', postId: anaPost, actorCount: 2 });
    await unrepost(cat, anaPost);
    await unrepost(ben, anaPost);
    expect(await notificationsOf(ana)).toEqual([]);
  });

  it('are refused for replies, unknown posts, across a block, and without a session', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const benPost = await post(ben, 'Top');
    const reply = await post(ben, 'A reply', benPost);
    const onReply = await call(ana, 'PUT', `/posts/${reply}/repost`);
    expect(onReply.statusCode).toBe(400);
    expect(onReply.json()).toMatchObject({ error: { code: 'cannot_share_reply' } });
    const unknown = await call(ana, 'PUT', '/posts/0195e0e4-8c1d-7000-8000-000000000000/repost');
    expect(unknown.statusCode).toBe(404);
    expect((await call(null, 'PUT', `/posts/${benPost}/repost`)).statusCode).toBe(401);
    await ok(ben, 'POST', '/me/blocks', { userId: ana.user.id });
    const blocked = await call(ana, 'PUT', `/posts/${benPost}/repost`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'blocked' } });
  });

  it("never bring a hidden author's post into Home, nor a hidden reposter's repost", async () => {
    const [ana, ben, cat, dan] = [
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
    ];
    await ok(ana, 'PUT', `/follows/${ben.user.id}`);
    await ok(ana, 'PUT', `/follows/${dan.user.id}`);
    const catPost = await post(cat, 'By someone ana mutes');
    const benPost = await post(ben, 'By ben');
    await repost(ben, catPost);
    await repost(dan, benPost);
    await ok(ana, 'POST', '/me/mutes', { userId: cat.user.id });
    await ok(ana, 'POST', '/me/blocks', { userId: dan.user.id });
    expect(entries(await home(ana))).toEqual([[benPost, null]]);

    // Live: ana's own channel gets a skip in place of the repost of cat's post.
    t.channelEvents.length = 0;
    const catNext = await post(cat, 'Another');
    await repost(ben, catNext);
    const toAna = t.channelEvents.filter((e) => e.channels.includes(filteredFeedChannel(ana.user.id)));
    expect(toAna.map((e) => e.event)).toEqual(['feed.skipped', 'feed.skipped']);
  });

  it('are never a second search result for the same post', async () => {
    const [ben, cat] = [await signedUpUser(t), await signedUpUser(t)];
    const catPost = await post(cat, 'Kingfishers nest in riverbanks');
    await repost(ben, catPost);
    const found = (await ok(ben, 'GET', '/search?q=kingfishers')).json<SearchResponse>();
    expect(found.posts.map((p) => p.id)).toEqual([catPost]);
    expect(found.posts[0]?.repostedByMe).toBe(true);
  });
});

describe('quotes', () => {
  it('embed the quoted post as a card and notify its author', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'The <strong>original</strong> thought');
    const quoting = await quote(ben, anaPost, 'So true');
    expect(quoting.quote).toMatchObject({
      state: 'visible',
      id: anaPost,
      author: { id: ana.user.id, handle: ana.user.handle },
      excerpt: 'The original thought',
      imageCount: 0,
    });
    expect((await getPost(null, quoting.id)).quote).toMatchObject({ state: 'visible', id: anaPost });
    const [notice] = await notificationsOf(ana);
    expect(notice).toMatchObject({ type: 'quote', postId: quoting.id, excerpt: 'So true' });
    // Each quote is its own entry.
    await quote(ben, anaPost, 'Again');
    expect((await notificationsOf(ana)).map((n) => n.type)).toEqual(['quote', 'quote']);
    // The live event carries the card too.
    expect(t.events.at(-1)).toMatchObject({ type: 'post.created', post: { quote: { state: 'visible' } } });
  });

  it('say the quoted post was removed once it is deleted or its author suspended', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'Soon deleted');
    const catPost = await post(cat, 'Soon suspended');
    const first = await quote(ben, anaPost);
    const second = await quote(ben, catPost);
    await ok(ana, 'DELETE', `/posts/${anaPost}`);
    expect((await getPost(ben, first.id)).quote).toEqual({ state: 'removed' });
    await t.database.db
      .updateTable('users')
      .set({ suspended_at: Date.now() })
      .where('id', '=', cat.user.id)
      .execute();
    expect((await getPost(ben, second.id)).quote).toEqual({ state: 'removed' });
    // Quoting a post that is gone is refused.
    const gone = await call(ben, 'POST', '/posts', { body: 'late', quoteOfId: anaPost });
    expect(gone.statusCode).toBe(404);
  });

  it('respect blocks: refused across one, and unavailable to a reader who hides the quoted author', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'Quotable');
    const quoting = await quote(ben, anaPost);
    await ok(cat, 'POST', '/me/blocks', { userId: ana.user.id });
    expect((await getPost(cat, quoting.id)).quote).toEqual({ state: 'unavailable' });
    const feed = (await ok(cat, 'GET', '/feed')).json<PostPage>().posts;
    expect(feed.find((p) => p.id === quoting.id)?.quote).toEqual({ state: 'unavailable' });
    expect((await getPost(ben, quoting.id)).quote).toMatchObject({ state: 'visible' });

    // Live: cat's own channel gets the new quote with its card unavailable; the public feed does not.
    t.channelEvents.length = 0;
    const live = await quote(ben, anaPost, 'Live quote');
    const toCat = t.channelEvents.find((e) => e.channels.includes(filteredFeedChannel(cat.user.id)));
    expect(toCat?.data).toMatchObject({ post: { id: live.id, quote: { state: 'unavailable' } } });
    expect(t.events.at(-1)).toMatchObject({ post: { id: live.id, quote: { state: 'visible' } } });

    const refused = await call(cat, 'POST', '/posts', { body: 'nope', quoteOfId: anaPost });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'blocked' } });
  });

  it('cannot quote a reply, while a reply may quote a post', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'Top');
    const reply = await post(ana, 'Reply', anaPost);
    const refused = await call(ben, 'POST', '/posts', { body: 'x', quoteOfId: reply });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'cannot_share_reply' } });
    const other = await post(ben, 'Elsewhere');
    const quotingReply = await ok(ben, 'POST', '/posts', {
      body: 'See',
      parentId: anaPost,
      quoteOfId: other,
    });
    expect(quotingReply.json<{ post: Post }>().post).toMatchObject({
      parentId: anaPost,
      quote: { state: 'visible', id: other },
    });
  });
});
