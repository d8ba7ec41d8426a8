import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  FollowListResponse,
  FollowResponse,
  HomeSourcesResponse,
} from '../../../common/contracts/follows';
import { FOLLOW_LIST_PAGE_SIZE } from '../../../common/contracts/follows';
import type { NotificationsResponse } from '../../../common/contracts/notifications';
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

async function follow(who: Account, target: { id: string }, expected = 200) {
  const response = await t.api({ method: 'PUT', url: `/api/v1/follows/${target.id}`, cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(expected);
  return response.json<FollowResponse>();
}

async function unfollow(who: Account, target: { id: string }) {
  const response = await t.api({ method: 'DELETE', url: `/api/v1/follows/${target.id}`, cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FollowResponse>();
}

async function profile(handle: string, who?: Account) {
  const response = await t.api({ method: 'GET', url: `/api/v1/users/${handle}`, cookie: who?.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProfileResponse>();
}

async function list(path: string, who?: Account) {
  const response = await t.api({ method: 'GET', url: `/api/v1${path}`, cookie: who?.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FollowListResponse>();
}

async function notifications(who: Account) {
  const response = await t.api({ method: 'GET', url: '/api/v1/notifications', cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsResponse>().notifications;
}

async function block(who: Account, target: Account) {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/me/blocks',
    cookie: who.cookie,
    payload: { userId: target.user.id },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function lock(who: Account, locked: boolean) {
  const response = await t.api({
    method: 'PUT',
    url: '/api/v1/me/follow-settings',
    cookie: who.cookie,
    payload: { locked },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ locked });
}

describe('following an account', () => {
  it('follows and unfollows, with counts, lists and the relationship on both profiles', async () => {
    const [ana, ben] = [await signedUpUser(t), await signedUpUser(t)];
    expect(await follow(ana, ben.user)).toEqual({ state: 'following', followerCount: 1 });
    // Following twice changes nothing.
    expect(await follow(ana, ben.user)).toEqual({ state: 'following', followerCount: 1 });

    const benSeenByAna = await profile(ben.user.handle, ana);
    expect(benSeenByAna.viewer).toMatchObject({ follow: 'following', followsYou: false });
    expect(benSeenByAna.counts).toMatchObject({ followers: 1, following: 0 });
    const anaSeenByBen = await profile(ana.user.handle, ben);
    expect(anaSeenByBen.viewer).toMatchObject({ follow: 'none', followsYou: true });
    expect(anaSeenByBen.counts).toMatchObject({ followers: 0, following: 1 });

    expect((await list(`/users/${ben.user.handle}/followers`)).users.map((u) => u.id)).toEqual([ana.user.id]);
    expect((await list(`/users/${ana.user.handle}/following`)).users.map((u) => u.id)).toEqual([ben.user.id]);

    expect(await unfollow(ana, ben.user)).toEqual({ state: 'none', followerCount: 0 });
    expect((await profile(ben.user.handle, ana)).viewer.follow).toBe('none');
    expect((await list(`/users/${ben.user.handle}/followers`)).users).toEqual([]);
  });

  it('refuses oneself, unknown and suspended accounts, and anyone signed out', async () => {
    const ana = await signedUpUser(t);
    const self = await t.api({ method: 'PUT', url: `/api/v1/follows/${ana.user.id}`, cookie: ana.cookie });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_follow_self');
    const unknown = await t.api({
      method: 'PUT',
      url: '/api/v1/follows/00000000-0000-4000-8000-000000000000',
      cookie: ana.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await t.api({ method: 'PUT', url: '/api/v1/follows/ben', cookie: ana.cookie });
    expect(notAnId.statusCode).toBe(400);
    const ben = await insertedUser(t, 'ben_suspended');
    await t.database.db
      .updateTable('users')
      .set({ suspended_at: Date.now() })
      .where('id', '=', ben.id)
      .execute();
    expect(
      (await t.api({ method: 'PUT', url: `/api/v1/follows/${ben.id}`, cookie: ana.cookie })).statusCode,
    ).toBe(404);
    const signedOut = await t.api({ method: 'PUT', url: `/api/v1/follows/${ana.user.id}` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('notifies the followed account, grouping new followers into one entry, and an unfollow takes its unread entry back', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await follow(ben, ana.user);
    await follow(cat, ana.user);
    const [entry, ...rest] = await notifications(ana);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ type: 'follow', actorCount: 2, postId: null });
    expect(entry?.actors.map((actor) => actor.id)).toEqual([cat.user.id, ben.user.id]);
    // Told live, on the followed account's own channel, as it happened.
    const told = t.userEvents.filter(
      ({ userId, event }) => userId === ana.user.id && event.type === 'notification.created',
    );
    expect(
      told.map(({ event }) => (event.type === 'notification.created' ? event.unreadCount : null)),
    ).toEqual([1, 1]);

    // Following again after unfollowing does not count the same person twice.
    await unfollow(cat, ana.user);
    await follow(cat, ana.user);
    expect((await notifications(ana))[0]).toMatchObject({ type: 'follow', actorCount: 2 });

    await unfollow(cat, ana.user);
    await unfollow(ben, ana.user);
    expect(await notifications(ana)).toEqual([]);
  });

  it('pages followers newest first by cursor', async () => {
    const target = await signedUpUser(t);
    const followers: string[] = [];
    const at = Date.now();
    for (let i = 0; i < FOLLOW_LIST_PAGE_SIZE + 2; i += 1) {
      const follower = await insertedUser(t, `follower_${i}`);
      // Two follows in the same millisecond: the account id breaks the tie.
      const createdAt = at + Math.floor(i / 2);
      await t.database.db
        .insertInto('follows')
        .values({ follower_id: follower.id, followee_id: target.user.id, created_at: createdAt })
        .execute();
      followers.push(follower.id);
    }
    const first = await list(`/users/${target.user.handle}/followers`);
    expect(first.users).toHaveLength(FOLLOW_LIST_PAGE_SIZE);
    const second = await list(`/users/${target.user.handle}/followers?cursor=${first.nextCursor ?? ''}`);
    expect(second.nextCursor).toBeNull();
    const paged = [...first.users, ...second.users].map((u) => u.id);
    expect(new Set(paged).size).toBe(followers.length);
    expect([...paged].sort()).toEqual([...followers].sort());
    const bad = await t.api({
      method: 'GET',
      url: `/api/v1/users/${target.user.handle}/followers?cursor=nope`,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the reader's follow state in a list", () => {
  it('tells a signed-in reader how they stand towards each listed account they could follow', async () => {
    const [ana, ben, cat, dee, eve] = [
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
      await signedUpUser(t),
    ];
    await lock(dee, true);
    // Ben, Cat, Dee and Eve all follow Ana; Ana's list is what the reader looks at.
    for (const follower of [ben, cat, dee, eve]) await follow(follower, ana.user);
    await follow(ben, cat.user);
    await follow(ben, dee.user);
    await block(eve, ben);

    // Ben: follows Cat, asked Dee; nothing for himself, nor for Eve, who blocked him.
    const seenByBen = await list(`/users/${ana.user.handle}/followers`, ben);
    expect(seenByBen.users).toHaveLength(4);
    expect(seenByBen.viewerFollows).toEqual({ [cat.user.id]: 'following', [dee.user.id]: 'requested' });
    // The owner sees theirs too (Follow back); a visitor gets none.
    expect((await list(`/users/${ana.user.handle}/followers`, ana)).viewerFollows).toEqual({
      [ben.user.id]: 'none',
      [cat.user.id]: 'none',
      [dee.user.id]: 'none',
      [eve.user.id]: 'none',
    });
    expect((await list(`/users/${ana.user.handle}/followers`)).viewerFollows).toEqual({});
    const benFollowsSeenByAna = await list(`/users/${ben.user.handle}/following`, ana);
    // Ana and Cat (Dee, locked, has not answered Ben); Ana's own row has no state.
    expect(benFollowsSeenByAna.users.map((u) => u.id).sort()).toEqual([ana.user.id, cat.user.id].sort());
    expect(benFollowsSeenByAna.viewerFollows).toEqual({ [cat.user.id]: 'none' });
  });
});

describe('locked accounts', () => {
  it('turns a follow into a request the owner approves or denies', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await lock(ana, true);
    expect((await profile(ana.user.handle)).user.locked).toBe(true);

    expect(await follow(ben, ana.user)).toEqual({ state: 'requested', followerCount: 0 });
    expect(await follow(cat, ana.user)).toEqual({ state: 'requested', followerCount: 0 });
    expect((await profile(ana.user.handle, ben)).viewer.follow).toBe('requested');
    expect((await notifications(ana))[0]).toMatchObject({ type: 'follow-request', actorCount: 2 });

    // Requests are their target's to read; nobody else sees anyone's.
    const requests = await list('/me/follow-requests', ana);
    expect(requests.users.map((u) => u.id)).toEqual([cat.user.id, ben.user.id]);
    // Answered, not followed, from this list.
    expect(requests.viewerFollows).toEqual({});
    expect((await list('/me/follow-requests', ben)).users).toEqual([]);

    const approve = await t.api({
      method: 'POST',
      url: `/api/v1/me/follow-requests/${ben.user.id}/approve`,
      cookie: ana.cookie,
    });
    expect(approve.statusCode, approve.body).toBe(204);
    const deny = await t.api({
      method: 'POST',
      url: `/api/v1/me/follow-requests/${cat.user.id}/deny`,
      cookie: ana.cookie,
    });
    expect(deny.statusCode, deny.body).toBe(204);
    expect((await profile(ana.user.handle, ben)).viewer.follow).toBe('following');
    expect((await profile(ana.user.handle, cat)).viewer.follow).toBe('none');
    expect((await list('/me/follow-requests', ana)).users).toEqual([]);

    // Someone else cannot approve a request that is not theirs.
    await follow(cat, ana.user);
    const forged = await t.api({
      method: 'POST',
      url: `/api/v1/me/follow-requests/${cat.user.id}/approve`,
      cookie: ben.cookie,
    });
    expect(forged.statusCode).toBe(404);
    expect((await profile(ana.user.handle, cat)).viewer.follow).toBe('requested');
  });

  it('takes a request back on unfollow, and unlocking approves everyone waiting', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await lock(ana, true);
    await follow(ben, ana.user);
    await follow(cat, ana.user);
    expect(await unfollow(cat, ana.user)).toEqual({ state: 'none', followerCount: 0 });
    expect((await list('/me/follow-requests', ana)).users.map((u) => u.id)).toEqual([ben.user.id]);
    await lock(ana, false);
    expect((await profile(ana.user.handle, ben)).viewer.follow).toBe('following');
    expect((await list('/me/follow-requests', ana)).users).toEqual([]);
    expect(await follow(cat, ana.user)).toEqual({ state: 'following', followerCount: 2 });
  });
});

describe('blocks and follows', () => {
  it('a block ends follows and requests both ways and refuses new ones', async () => {
    const [ana, ben, cat] = [await signedUpUser(t), await signedUpUser(t), await signedUpUser(t)];
    await follow(ana, ben.user);
    await follow(ben, ana.user);
    await lock(cat, true);
    await follow(ana, cat.user);

    await block(ben, ana);
    await block(cat, ana);
    expect((await list(`/users/${ben.user.handle}/followers`)).users).toEqual([]);
    expect((await list(`/users/${ana.user.handle}/followers`)).users).toEqual([]);
    expect((await list('/me/follow-requests', cat)).users).toEqual([]);

    for (const [who, target] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const refused = await t.api({
        method: 'PUT',
        url: `/api/v1/follows/${target.user.id}`,
        cookie: who.cookie,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('blocked');
    }
  });
});

describe('hashtags one follows', () => {
  it('follows and unfollows a tag in any case and script, listed in the Home sources', async () => {
    const ana = await signedUpUser(t);
    const ben = await signedUpUser(t);
    await follow(ana, ben.user);
    const put = async (tag: string) => {
      const response = await t.api({
        method: 'PUT',
        url: `/api/v1/tags/${encodeURIComponent(tag)}/follow`,
        cookie: ana.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ tag: string; followedByMe: boolean }>();
    };
    expect(await put('Rust')).toEqual({ tag: 'rust', followedByMe: true });
    expect(await put('日本語')).toEqual({ tag: '日本語', followedByMe: true });
    const got = await t.api({ method: 'GET', url: '/api/v1/tags/RUST', cookie: ana.cookie });
    expect(got.json()).toEqual({ tag: 'rust', followedByMe: true });
    const signedOut = await t.api({ method: 'GET', url: '/api/v1/tags/rust' });
    expect(signedOut.json()).toEqual({ tag: 'rust', followedByMe: false });

    const sources = await t.api({ method: 'GET', url: '/api/v1/timelines/home/sources', cookie: ana.cookie });
    expect(sources.json<HomeSourcesResponse>()).toEqual({ userIds: [ben.user.id], tags: ['rust', '日本語'] });

    const removed = await t.api({ method: 'DELETE', url: '/api/v1/tags/rust/follow', cookie: ana.cookie });
    expect(removed.json()).toEqual({ tag: 'rust', followedByMe: false });
    const followed = await t.api({ method: 'GET', url: '/api/v1/me/followed-tags', cookie: ana.cookie });
    expect(followed.json()).toEqual({ tags: ['日本語'] });

    for (const bad of ['1234', 'a-b', 'x'.repeat(65)]) {
      const response = await t.api({ method: 'PUT', url: `/api/v1/tags/${bad}/follow`, cookie: ana.cookie });
      expect(response.statusCode, bad).toBe(400);
    }
  });
});
