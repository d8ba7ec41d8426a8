import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEED_CHANNEL } from '../../../common/contracts/feed-events';
import {
  filteredFeedChannel,
  SAFETY_LIST_PAGE_SIZE,
  type SafetyListResponse,
  type SafetyStatusResponse,
} from '../../../common/contracts/safety';
import type { ProfileResponse } from '../../../common/contracts/users';
import { createTestApp, insertedUser, signedUpUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;

async function post(who: Account, body: string, parentId?: string): Promise<string> {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/posts',
    cookie: who.cookie,
    payload: { body, parentId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

async function relate(kind: 'blocks' | 'mutes', who: Account, target: Account) {
  const response = await t.api({
    method: 'POST',
    url: `/api/v1/me/${kind}`,
    cookie: who.cookie,
    payload: { userId: target.user.id },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** The ids of the posts a reader gets from every read path that lists posts. */
async function visibleTo(reader: Account, author: Account, parentId: string, word: string) {
  const get = async (url: string) => {
    const response = await t.api({ method: 'GET', url, cookie: reader.cookie });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<{ posts: { id: string }[] }>().posts.map((p) => p.id);
  };
  return {
    feed: await get('/api/v1/feed'),
    replies: await get(`/api/v1/posts/${parentId}/replies`),
    search: await get(`/api/v1/search?q=${word}`),
    profile: await get(`/api/v1/users/${author.user.handle}/posts`),
  };
}

describe('blocks and mutes', () => {
  it("hides a blocked account's posts from the blocker on every read path, and the blocker's from them", async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    const thread = await post(cat, 'A thread about tulips');
    const benTop = await post(ben, 'tulips from ben');
    const benReply = await post(ben, 'tulips reply from ben', thread);
    const anaTop = await post(ana, 'tulips from ana');
    const anaReply = await post(ana, 'tulips reply from ana', thread);

    await relate('blocks', ana, ben);

    const anaSees = await visibleTo(ana, ben, thread, 'tulips');
    for (const ids of Object.values(anaSees)) expect(ids).not.toEqual(expect.arrayContaining([benTop]));
    for (const ids of Object.values(anaSees)) expect(ids).not.toEqual(expect.arrayContaining([benReply]));
    expect(anaSees.feed).toContain(thread);
    expect(anaSees.replies).toContain(anaReply);

    // Symmetric: the blocked account no longer sees the blocker either.
    const benSees = await visibleTo(ben, ana, thread, 'tulips');
    for (const ids of Object.values(benSees)) expect(ids).not.toEqual(expect.arrayContaining([anaTop]));
    for (const ids of Object.values(benSees)) expect(ids).not.toEqual(expect.arrayContaining([anaReply]));
    expect(benSees.feed).toContain(benTop);

    for (const [reader, hiddenPost] of [
      [ana, benTop],
      [ben, anaTop],
    ] as const) {
      const page = await t.api({ method: 'GET', url: `/api/v1/posts/${hiddenPost}`, cookie: reader.cookie });
      expect(page.statusCode).toBe(404);
    }
    // The profile itself stays readable (the page shows a notice); only its posts are hidden.
    const profile = await t.api({
      method: 'GET',
      url: `/api/v1/users/${ben.user.handle}`,
      cookie: ana.cookie,
    });
    expect(profile.statusCode).toBe(200);

    // A third account sees everyone.
    const catSees = await visibleTo(cat, ben, thread, 'tulips');
    expect(catSees.feed).toEqual(expect.arrayContaining([benTop, anaTop]));
  });

  it('refuses replies and likes across a block, both ways, with 403 blocked', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'from ana');
    const benPost = await post(ben, 'from ben');
    await t.api({ method: 'PUT', url: `/api/v1/posts/${anaPost}/like`, cookie: ben.cookie });
    await relate('blocks', ana, ben);

    for (const [actor, target] of [
      [ben, anaPost],
      [ana, benPost],
    ] as const) {
      const reply = await t.api({
        method: 'POST',
        url: '/api/v1/posts',
        cookie: actor.cookie,
        payload: { body: 'hi', parentId: target },
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ error: { code: 'blocked', message: expect.any(String) } });
      const like = await t.api({ method: 'PUT', url: `/api/v1/posts/${target}/like`, cookie: actor.cookie });
      expect(like.statusCode).toBe(403);
      expect(like.json().error.code).toBe('blocked');
    }
    // A like given before the block can still be taken back.
    const unlike = await t.api({
      method: 'DELETE',
      url: `/api/v1/posts/${anaPost}/like`,
      cookie: ben.cookie,
    });
    expect(unlike.statusCode).toBe(200);
  });

  it('is one-way for mutes: the muter stops seeing the muted, not the other way round, and may still reply', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'daffodils from ana');
    const benPost = await post(ben, 'daffodils from ben');
    await relate('mutes', ana, ben);

    const anaFeed = (await t.api({ method: 'GET', url: '/api/v1/feed', cookie: ana.cookie })).json();
    expect(anaFeed.posts.map((p: { id: string }) => p.id)).toEqual([anaPost]);
    const benFeed = (await t.api({ method: 'GET', url: '/api/v1/feed', cookie: ben.cookie })).json();
    expect(benFeed.posts.map((p: { id: string }) => p.id)).toEqual([benPost, anaPost]);
    await post(ana, 'still allowed', benPost);
  });

  it('notifies no mention across a block either way, nor to someone who muted the author', async () => {
    const [ana, ben, cat, dan] = [
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
    ];
    await relate('blocks', ben, ana); // ben blocked ana
    await relate('blocks', ana, cat); // ana blocked cat
    await relate('mutes', dan, ana);
    const mention = (who: Account) =>
      `<a href="/@${who.user.handle}" data-type="mention" data-id="${who.user.handle}">@${who.user.handle}</a>`;
    await post(ana, `<p>hello ${mention(ben)} ${mention(cat)} ${mention(dan)}</p>`);
    expect(t.userEvents).toEqual([]);

    await t.api({ method: 'DELETE', url: `/api/v1/me/mutes/${ana.user.id}`, cookie: dan.cookie });
    await post(ana, `<p>again ${mention(dan)}</p>`);
    expect(t.userEvents.map((e) => e.userId)).toEqual([dan.user.id]);
  });

  it('tells nobody of likes and replies from someone they muted', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    const anaPost = await post(ana, 'tulips from ana');
    await relate('mutes', ana, ben);
    const like = (who: Account) =>
      t.api({ method: 'PUT', url: `/api/v1/posts/${anaPost}/like`, cookie: who.cookie });
    expect((await like(ben)).statusCode).toBe(200);
    await post(ben, 'a reply ana muted', anaPost);
    expect(t.userEvents).toEqual([]);

    expect((await like(cat)).statusCode).toBe(200);
    expect(t.userEvents.map((e) => e.userId)).toEqual([ana.user.id]);
  });

  it('lists, adds idempotently and removes blocks and mutes, and validates input', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    await relate('blocks', ana, ben);
    await relate('blocks', ana, ben);
    const list = await t.api({ method: 'GET', url: '/api/v1/me/blocks', cookie: ana.cookie });
    expect(list.json()).toEqual({
      users: [expect.objectContaining({ id: ben.user.id, handle: ben.user.handle })],
      nextCursor: null,
    });
    expect((await t.api({ method: 'GET', url: '/api/v1/me/mutes', cookie: ana.cookie })).json()).toEqual({
      users: [],
      nextCursor: null,
    });

    const removed = await t.api({
      method: 'DELETE',
      url: `/api/v1/me/blocks/${ben.user.id}`,
      cookie: ana.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect((await t.api({ method: 'GET', url: '/api/v1/me/blocks', cookie: ana.cookie })).json()).toEqual({
      users: [],
      nextCursor: null,
    });

    const cases = [
      { payload: { userId: 'nope' }, status: 400, code: 'validation_failed' },
      { payload: {}, status: 400, code: 'validation_failed' },
      { payload: { userId: ana.user.id }, status: 400, code: 'cannot_block_self' },
      { payload: { userId: '00000000-0000-4000-8000-000000000000' }, status: 404, code: 'not_found' },
    ];
    for (const { payload, status, code } of cases) {
      const response = await t.api({ method: 'POST', url: '/api/v1/me/blocks', cookie: ana.cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toMatchObject({ code, message: expect.any(String) });
    }
    const bad = await t.api({ method: 'DELETE', url: '/api/v1/me/mutes/not-an-id', cookie: ana.cookie });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.api({
      method: 'POST',
      url: '/api/v1/me/blocks',
      payload: { userId: ben.user.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: '/api/v1/me/blocks' })).statusCode).toBe(401);
  });
});

describe('the lists of blocked and muted accounts', () => {
  it(`pages ${SAFETY_LIST_PAGE_SIZE} at a time, newest first, without gaps or repeats at equal times`, async () => {
    const ana = await signedUpUser(t);
    const total = SAFETY_LIST_PAGE_SIZE * 2 + 3;
    const muted: string[] = [];
    for (let index = 0; index < total; index += 1) {
      const { id } = await insertedUser(t, `muted_${index}`);
      muted.push(id);
      // Runs of equal dates: the account id must break the tie the same way on every page.
      await t.database.db
        .insertInto('user_mutes')
        .values({ muter_id: ana.user.id, muted_id: id, created_at: 1_000 + Math.floor(index / 7) })
        .execute();
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null | undefined;
    // Bounded: a list that never says it ended must fail here, not loop.
    for (let asked = 0; asked < 5 && cursor !== null; asked += 1) {
      const response = await t.api({
        method: 'GET',
        url: '/api/v1/me/mutes',
        cookie: ana.cookie,
        ...(cursor ? { query: { cursor } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<SafetyListResponse>();
      sizes.push(page.users.length);
      seen.push(...page.users.map((user) => user.id));
      cursor = page.nextCursor;
    }
    expect(sizes).toEqual([SAFETY_LIST_PAGE_SIZE, SAFETY_LIST_PAGE_SIZE, 3]);
    expect(new Set(seen).size).toBe(total);
    // Newest first.
    const dateOf = new Map(muted.map((id, index) => [id, Math.floor(index / 7)]));
    const dates = seen.map((id) => dateOf.get(id) ?? -1);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(dates[0]).toBe(Math.floor((total - 1) / 7));
  });

  it('refuses a cursor it did not make, and one that is too long', async () => {
    const ana = await signedUpUser(t);
    for (const cursor of ['not-a-cursor', 'x'.repeat(201)]) {
      const response = await t.api({
        method: 'GET',
        url: '/api/v1/me/blocks',
        cookie: ana.cookie,
        query: { cursor },
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('a profile as a reader who blocks, mutes or is blocked sees it', () => {
  it('leaves the counts out when the reader is shown none of its posts, and says why', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await post(ben, 'one');
    await post(ben, 'two');
    const profileOf = async (who: Account | null, of: Account) => {
      const response = await t.api({
        method: 'GET',
        url: `/api/v1/users/${of.user.handle}`,
        ...(who ? { cookie: who.cookie } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ProfileResponse>();
    };
    const open = { blocking: false, muting: false, postsHidden: false };
    expect(await profileOf(ana, ben)).toMatchObject({ counts: { posts: 2 }, viewer: open });

    await relate('blocks', ana, ben);
    expect(await profileOf(ana, ben)).toMatchObject({
      counts: null,
      viewer: { blocking: true, muting: false, postsHidden: true },
    });
    // The blocked side is shown none of the blocker's posts either.
    expect(await profileOf(ben, ana)).toMatchObject({ counts: null, viewer: { ...open, postsHidden: true } });
    await relate('mutes', cat, ben);
    expect(await profileOf(cat, ben)).toMatchObject({
      counts: null,
      viewer: { blocking: false, muting: true, postsHidden: true },
    });
    // A mute is one-way; anonymous readers and the account itself see everything.
    expect(await profileOf(ben, cat)).toMatchObject({ counts: { posts: 0 }, viewer: open });
    expect(await profileOf(null, ben)).toMatchObject({ counts: { posts: 2 }, viewer: open });
    expect(await profileOf(ben, ben)).toMatchObject({ counts: { posts: 2 }, viewer: open });
    // The counts agree with the tabs: what the profile counts is what its tabs list.
    const listed = await t.api({
      method: 'GET',
      url: `/api/v1/users/${ben.user.handle}/posts`,
      cookie: ana.cookie,
    });
    expect(listed.json().posts).toEqual([]);
  });
});

describe('live feed with blocks and mutes', () => {
  it('moves filtering readers to their own channel and never publishes a hidden author there', async () => {
    const [ana, ben, cat, dan] = [
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
    ];
    const status = async (who: Account) =>
      (
        await t.api({ method: 'GET', url: '/api/v1/me/safety', cookie: who.cookie })
      ).json<SafetyStatusResponse>().liveFeedChannel;
    expect(await status(ana)).toBe(FEED_CHANNEL);

    await relate('blocks', ana, ben);
    await relate('mutes', cat, ben);
    expect(await status(ana)).toBe(filteredFeedChannel(ana.user.id));
    expect(await status(ben)).toBe(filteredFeedChannel(ben.user.id));
    expect(await status(cat)).toBe(filteredFeedChannel(cat.user.id));
    expect(await status(dan)).toBe(FEED_CHANNEL);
    // Both sides of the block are told to switch, at once, on their private channel.
    expect(
      t.channelEvents.filter((e) => e.event === 'feed.channel_changed').flatMap((e) => e.channels),
    ).toEqual([`private-user-${ana.user.id}`, `private-user-${ben.user.id}`, `private-user-${cat.user.id}`]);

    t.channelEvents.length = 0;
    const benPost = await post(ben, 'live from ben');
    const danPost = await post(dan, 'live from dan');
    const benEvent = t.events.find((e) => e.type === 'post.created' && e.post.id === benPost);
    expect(benEvent).toBeDefined(); // the public channel still carries it for everyone else

    const deliveries = (postId: string) =>
      t.channelEvents.filter(
        (e) => e.event === 'post.created' && (e.data as { post: { id: string } }).post.id === postId,
      );
    // Ben's post reaches ben's own filtered channel only: never ana (blocker) nor cat (muter).
    expect(deliveries(benPost).flatMap((e) => e.channels)).toEqual([filteredFeedChannel(ben.user.id)]);
    const skipped = t.channelEvents.filter((e) => e.event === 'feed.skipped');
    expect(skipped[0]).toEqual({
      channels: [filteredFeedChannel(ana.user.id), filteredFeedChannel(cat.user.id)].sort(),
      event: 'feed.skipped',
      data: { type: 'feed.skipped', seq: benEvent?.seq },
    });
    // Dan's post reaches every filtered reader.
    expect(
      deliveries(danPost)
        .flatMap((e) => e.channels)
        .sort(),
    ).toEqual([ana.user.id, ben.user.id, cat.user.id].map(filteredFeedChannel).sort());

    // Unblocking and unmuting bring everyone back to the public channel.
    await t.api({ method: 'DELETE', url: `/api/v1/me/blocks/${ben.user.id}`, cookie: ana.cookie });
    await t.api({ method: 'DELETE', url: `/api/v1/me/mutes/${ben.user.id}`, cookie: cat.cookie });
    expect([await status(ana), await status(ben), await status(cat)]).toEqual([
      FEED_CHANNEL,
      FEED_CHANNEL,
      FEED_CHANNEL,
    ]);
  });

  it('lets a reader subscribe only to their own filtered channel', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    const auth = (channel: string) =>
      t.api({
        method: 'POST',
        url: '/api/v1/realtime/auth',
        cookie: ana.cookie,
        payload: { socket_id: '1234.5678', channel_name: channel },
      });
    expect((await auth(filteredFeedChannel(ana.user.id))).statusCode).toBe(200);
    expect((await auth(filteredFeedChannel(ben.user.id))).statusCode).toBe(403);
  });
});
