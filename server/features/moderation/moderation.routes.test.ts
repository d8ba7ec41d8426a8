import { routes } from '../../../common/api/routes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_NOTE_MAX_LENGTH, type SafetyStatusResponse } from '../../../common/contracts/safety';
import type { PostPage } from '../../../common/contracts/posts';
import { createTestApp, sessionCookieFrom, signedUpUser, type TestApp } from '../../test-support/test-app';
import { REPORTS_PER_USER } from './limits';

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

const isAdmin = async (who: Account) =>
  (await t.api({ method: 'GET', url: '/api/v1/me/safety', cookie: who.cookie })).json<SafetyStatusResponse>()
    .isAdmin;

function report(who: Account, postId: string, payload: Record<string, unknown>) {
  return t.api({ method: 'POST', url: `/api/v1/posts/${postId}/reports`, cookie: who.cookie, payload });
}

describe('the admin', () => {
  it('is the first account created, and only that one, even when sign-ups race', async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map(() => signedUpUser(t)));
    const admins = [];
    for (const account of accounts) if (await isAdmin(account)) admins.push(account.user.id);
    expect(admins).toHaveLength(1);
    const seat = await t.database.db.selectFrom('site_admins').selectAll().execute();
    const first = await t.database.db
      .selectFrom('users')
      .select('id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(seat.map((row) => row.user_id)).toEqual(admins);
    expect(first.map((row) => row.id)).toContain(admins[0]);
  });

  it('answers 403 to a signed-in member on every staff endpoint (admin_only where moderators may not), 401 without a session', async () => {
    const admin = await signedUpUser(t);
    const ben = await signedUpUser(t);
    expect(await isAdmin(admin)).toBe(true);
    expect(await isAdmin(ben)).toBe(false);
    const postId = await post(admin, 'hello');
    const staff = 'staff_only';
    const adminOnly = 'admin_only';
    const endpoints = [
      { method: 'GET', url: '/api/v1/admin/reports', code: staff },
      {
        method: 'POST',
        url: `/api/v1/admin/posts/${postId}/reports/close`,
        payload: { outcome: 'resolved' },
        code: staff,
      },
      { method: 'POST', url: '/api/v1/admin/posts/not-an-id/reports/close', payload: {}, code: staff },
      { method: 'DELETE', url: `/api/v1/admin/posts/${postId}`, code: staff },
      { method: 'PUT', url: `/api/v1/admin/users/${admin.user.id}/suspension`, code: staff },
      { method: 'DELETE', url: `/api/v1/admin/users/${admin.user.id}/suspension`, code: staff },
      { method: 'GET', url: '/api/v1/admin/users', code: staff },
      {
        method: 'PUT',
        url: `/api/v1/admin/users/${admin.user.id}/role`,
        payload: { role: null },
        code: adminOnly,
      },
      { method: 'POST', url: `/api/v1/admin/users/${admin.user.id}/password-reset`, code: adminOnly },
      { method: 'GET', url: '/api/v1/admin/audit-log', code: adminOnly },
      { method: 'GET', url: '/api/v1/admin/mail', code: adminOnly },
      { method: 'GET', url: '/api/v1/admin/settings', code: adminOnly },
      {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        payload: {
          name: 'Taken Over',
          description: '',
          rules: [],
          contactEmail: '',
          registrationMode: 'closed',
          membersCanInvite: true,
        },
        code: adminOnly,
      },
      { method: 'PUT', url: '/api/v1/admin/settings/icon', code: adminOnly },
      { method: 'DELETE', url: '/api/v1/admin/settings/icon', code: adminOnly },
      { method: 'GET', url: '/api/v1/admin/applications', code: adminOnly },
      { method: 'POST', url: `/api/v1/admin/applications/${ben.user.id}/approve`, code: adminOnly },
      { method: 'POST', url: `/api/v1/admin/applications/${ben.user.id}/reject`, code: adminOnly },
    ] as const;
    // Every admin entry of the route table is tried above.
    for (const route of Object.values(routes).filter((entry) => entry.name.startsWith('admin.'))) {
      const pattern = new RegExp(`^/api/v1${route.path.replace(/:[a-z]+/gi, '[^/]+')}$`);
      expect(
        endpoints.some((endpoint) => endpoint.method === route.method && pattern.test(endpoint.url)),
        route.name,
      ).toBe(true);
    }
    for (const { code, ...endpoint } of endpoints) {
      const response = await t.api({ ...endpoint, cookie: ben.cookie });
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
      expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
      expect((await t.api({ ...endpoint })).statusCode).toBe(401);
    }
    const stillThere = await t.api({ method: 'GET', url: `/api/v1/posts/${postId}` });
    expect(stillThere.statusCode).toBe(200);
  });

  it("removes anyone's post and announces post.deleted; a non-admin cannot delete others' posts", async () => {
    const admin = await signedUpUser(t);
    const ben = await signedUpUser(t);
    const benPost = await post(ben, 'to be removed');
    const reply = await post(admin, 'a reply', benPost);
    const notMine = await t.api({ method: 'DELETE', url: `/api/v1/posts/${reply}`, cookie: ben.cookie });
    expect(notMine.statusCode).toBe(403);

    const removed = await t.api({
      method: 'DELETE',
      url: `/api/v1/admin/posts/${benPost}`,
      cookie: admin.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: true, parentReplyCount: null });
    expect(t.events.at(-1)).toMatchObject({ type: 'post.deleted', postId: benPost, parentId: null });
    expect((await t.api({ method: 'GET', url: `/api/v1/posts/${benPost}` })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `/api/v1/posts/${reply}` })).statusCode).toBe(404);
    const again = await t.api({
      method: 'DELETE',
      url: `/api/v1/admin/posts/${benPost}`,
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(404);
  });
});

/** The handle found for `handle` by people search, then by @mention suggestions. */
async function people(handle: string, cookie?: string): Promise<string[]> {
  const options = cookie ? { cookie } : {};
  const search = await t.api({ method: 'GET', url: '/api/v1/search', query: { q: handle }, ...options });
  const suggestions = await t.api({
    method: 'GET',
    url: '/api/v1/users',
    query: { prefix: handle },
    ...options,
  });
  return [
    ...search.json<{ people: { handle: string }[] }>().people.map((person) => person.handle),
    ...suggestions.json<{ users: { handle: string }[] }>().users.map((user) => user.handle),
  ].filter((found) => found === handle);
}

describe('suspension', () => {
  it("refuses the account's open session at once, refuses log-in, hides its posts and profile; unsuspending restores", async () => {
    const admin = await signedUpUser(t);
    const ben = await signedUpUser(t);
    const cat = await signedUpUser(t);
    const benPost = await post(ben, 'marigolds by ben');
    const thread = await post(cat, 'marigolds thread');
    const benReply = await post(ben, 'marigolds reply', thread);

    const suspended = await t.api({
      method: 'PUT',
      url: `/api/v1/admin/users/${ben.user.id}/suspension`,
      cookie: admin.cookie,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ suspended: true, user: { id: ben.user.id } });

    // The session that was open is refused at its very next request, read or write.
    const next = await t.api({ method: 'GET', url: '/api/v1/feed', cookie: ben.cookie });
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({ error: { code: 'account_suspended', message: expect.any(String) } });
    // ...and is gone afterwards: it can no longer write anything.
    const write = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ben.cookie,
      payload: { body: 'x' },
    });
    expect(write.statusCode).toBe(401);

    const login = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ben.account.handle, password: ben.account.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('account_suspended');
    expect(login.cookies.find((c) => c.name.endsWith('tidings_session') && c.value)).toBeUndefined();

    for (const reader of [cat.cookie, undefined]) {
      const read = async (url: string) =>
        t.api({ method: 'GET', url, ...(reader ? { cookie: reader } : {}) });
      const ids = async (url: string) => (await read(url)).json<PostPage>().posts.map((p) => p.id);
      expect(await ids('/api/v1/feed')).toEqual([thread]);
      expect(await ids(`/api/v1/posts/${thread}/replies`)).toEqual([]);
      expect(await ids('/api/v1/search?q=marigolds')).toEqual([thread]);
      expect((await read(`/api/v1/posts/${benPost}`)).statusCode).toBe(404);
      expect((await read(`/api/v1/users/${ben.user.handle}`)).statusCode).toBe(404);
      expect((await read(`/api/v1/users/${ben.user.handle}/posts`)).statusCode).toBe(404);
      expect(await people(ben.user.handle, reader)).toEqual([]);
    }

    const restored = await t.api({
      method: 'DELETE',
      url: `/api/v1/admin/users/${ben.user.id}/suspension`,
      cookie: admin.cookie,
    });
    expect(restored.json()).toMatchObject({ suspended: false });
    const relogin = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ben.account.handle, password: ben.account.password },
    });
    expect(relogin.statusCode).toBe(200);
    const feed = await t.api({ method: 'GET', url: '/api/v1/feed', cookie: sessionCookieFrom(relogin) });
    expect(feed.json().posts.map((p: { id: string }) => p.id)).toEqual([thread, benPost]);
    const replies = await t.api({
      method: 'GET',
      url: `/api/v1/posts/${thread}/replies`,
      cookie: cat.cookie,
    });
    expect(replies.json<PostPage>().posts.map((p) => p.id)).toEqual([benReply]);
    expect(await people(ben.user.handle, cat.cookie)).toEqual([ben.user.handle, ben.user.handle]);
  });

  it('refuses to suspend oneself, another admin or nobody', async () => {
    const admin = await signedUpUser(t);
    const self = await t.api({
      method: 'PUT',
      url: `/api/v1/admin/users/${admin.user.id}/suspension`,
      cookie: admin.cookie,
    });
    expect(self.json().error.code).toBe('cannot_suspend_self');
    const nobody = await t.api({
      method: 'PUT',
      url: '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/suspension',
      cookie: admin.cookie,
    });
    expect(nobody.statusCode).toBe(404);
    const bad = await t.api({ method: 'PUT', url: '/api/v1/admin/users/x/suspension', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });
});

describe('reports', () => {
  it('files a report, refuses a second open one, and shows them grouped by post in the queue until closed', async () => {
    const admin = await signedUpUser(t);
    const ben = await signedUpUser(t);
    const cat = await signedUpUser(t);
    const benPost = await post(ben, 'rude words');
    const catPost = await post(cat, 'more rude words');

    const first = await report(cat, benPost, { reason: 'harassment', note: '  not nice  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().report).toMatchObject({ postId: benPost, reason: 'harassment', note: 'not nice' });
    const dup = await report(cat, benPost, { reason: 'spam' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('already_reported');
    expect((await report(admin, benPost, { reason: 'spam' })).statusCode).toBe(201);
    expect((await report(ben, catPost, { reason: 'other' })).statusCode).toBe(201);

    const queue = await t.api({ method: 'GET', url: '/api/v1/admin/reports', cookie: admin.cookie });
    expect(queue.statusCode).toBe(200);
    const groups = queue.json().groups as {
      post: { id: string };
      reports: { reason: string; reporter: { id: string } }[];
    }[];
    expect(groups.map((g) => g.post.id)).toEqual([benPost, catPost]);
    expect(groups[0]?.reports.map((r) => [r.reason, r.reporter.id])).toEqual([
      ['harassment', cat.user.id],
      ['spam', admin.user.id],
    ]);

    const closed = await t.api({
      method: 'POST',
      url: `/api/v1/admin/posts/${benPost}/reports/close`,
      cookie: admin.cookie,
      payload: { outcome: 'resolved' },
    });
    expect(closed.json()).toEqual({ closed: 2 });
    const dismissed = await t.api({
      method: 'POST',
      url: `/api/v1/admin/posts/${catPost}/reports/close`,
      cookie: admin.cookie,
      payload: { outcome: 'dismissed' },
    });
    expect(dismissed.json()).toEqual({ closed: 1 });
    expect(
      (await t.api({ method: 'GET', url: '/api/v1/admin/reports', cookie: admin.cookie })).json(),
    ).toEqual({ groups: [] });
    // Once closed, the same person may report the post again.
    expect((await report(cat, benPost, { reason: 'spam' })).statusCode).toBe(201);
    const nothingOpen = await t.api({
      method: 'POST',
      url: `/api/v1/admin/posts/${catPost}/reports/close`,
      cookie: admin.cookie,
      payload: { outcome: 'resolved' },
    });
    expect(nothingOpen.statusCode).toBe(404);
  });

  it('tells a reader whether they have an open report on a post, before they pick a reason', async () => {
    await signedUpUser(t);
    const ben = await signedUpUser(t);
    const cat = await signedUpUser(t);
    const benPost = await post(ben, 'questionable');
    const mine = (who: Account | null, postId = benPost) =>
      t.api({
        method: 'GET',
        url: `/api/v1/posts/${postId}/reports/mine`,
        ...(who ? { cookie: who.cookie } : {}),
      });

    expect((await mine(cat)).json()).toEqual({ report: null });
    const filed = await report(cat, benPost, { reason: 'spam', note: 'again and again' });
    expect((await mine(cat)).json()).toEqual({ report: filed.json().report });
    // Someone else's report is not the reader's.
    expect((await mine(ben)).json()).toEqual({ report: null });
    expect((await mine(null)).statusCode).toBe(401);
    expect((await mine(cat, 'not-an-id')).statusCode).toBe(400);
    const missing = await mine(cat, '00000000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it("offers suspending a reported post's author only when the server would accept it", async () => {
    const admin = await signedUpUser(t);
    const ben = await signedUpUser(t);
    const adminPost = await post(admin, 'the admin speaks');
    const benPost = await post(ben, 'ben speaks');
    expect((await report(ben, adminPost, { reason: 'other' })).statusCode).toBe(201);
    expect((await report(admin, benPost, { reason: 'spam' })).statusCode).toBe(201);
    const queue = await t.api({ method: 'GET', url: '/api/v1/admin/reports', cookie: admin.cookie });
    const offers = Object.fromEntries(
      queue
        .json<{ groups: { post: { id: string }; canSuspendAuthor: boolean }[] }>()
        .groups.map((group) => [group.post.id, group.canSuspendAuthor]),
    );
    expect(offers).toEqual({ [adminPost]: false, [benPost]: true });
    const refused = await t.api({
      method: 'PUT',
      url: `/api/v1/admin/users/${admin.user.id}/suspension`,
      cookie: admin.cookie,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'cannot_suspend_self', message: expect.any(String) });
  });

  it('validates reports with the error shape: reason, note length, post id, own post, missing post', async () => {
    await signedUpUser(t);
    const ben = await signedUpUser(t);
    const cat = await signedUpUser(t);
    const benPost = await post(ben, 'something');
    const cases = [
      { postId: benPost, payload: {}, status: 400, code: 'validation_failed', field: 'reason' },
      {
        postId: benPost,
        payload: { reason: 'boring' },
        status: 400,
        code: 'validation_failed',
        field: 'reason',
      },
      {
        postId: benPost,
        payload: { reason: 'other', note: 'x'.repeat(REPORT_NOTE_MAX_LENGTH + 1) },
        status: 400,
        code: 'validation_failed',
        field: 'note',
      },
      { postId: 'nope', payload: { reason: 'spam' }, status: 400, code: 'validation_failed', field: 'id' },
      {
        postId: '00000000-0000-4000-8000-000000000000',
        payload: { reason: 'spam' },
        status: 404,
        code: 'not_found',
      },
    ];
    for (const { postId, payload, status, code, field } of cases) {
      const response = await report(cat, postId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toMatchObject({ code, message: expect.any(String) });
      if (field) expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
    const own = await report(ben, benPost, { reason: 'spam' });
    expect(own.json().error.code).toBe('cannot_report_own_post');
    const anonymous = await t.api({
      method: 'POST',
      url: `/api/v1/posts/${benPost}/reports`,
      payload: { reason: 'spam' },
    });
    expect(anonymous.statusCode).toBe(401);
    const atLimit = await report(cat, benPost, { reason: 'other', note: 'x'.repeat(REPORT_NOTE_MAX_LENGTH) });
    expect(atLimit.statusCode).toBe(201);
  });

  it('rate-limits reports per account with 429 and Retry-After', async () => {
    await signedUpUser(t);
    const ben = await signedUpUser(t);
    const cat = await signedUpUser(t);
    const posts = [];
    for (let i = 0; i <= REPORTS_PER_USER.points; i += 1) posts.push(await post(ben, `post ${i}`));
    for (const id of posts.slice(0, REPORTS_PER_USER.points))
      expect((await report(cat, id, { reason: 'spam' })).statusCode).toBe(201);
    const over = await report(cat, posts.at(-1) ?? '', { reason: 'spam' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
