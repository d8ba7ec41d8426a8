import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../common/contracts/auth';
import { AVATAR_SIZES, BIO_MAX_LENGTH } from '../../../common/contracts/users';
import { gifWithHugeScreen } from '../../test-support/hostile-images';
import { colourAt, jpeg } from '../../test-support/image-fixtures';
import {
  mediaRowCount,
  multipartBody,
  storedMediaFiles,
  uploadedImage,
} from '../../test-support/media-upload';
import {
  createTestApp,
  newAccount,
  sessionCookieFrom,
  signedUpUser,
  type TestApp,
} from '../../test-support/test-app';
import { createMemoryRateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createDiskStorage } from '../../platform/storage/disk-storage';
import { createJobQueue } from '../media/job-queue';
import { MEDIA_UNATTACHED_TTL_MS, MEDIA_UPLOADS_PER_USER } from '../media/limits';
import { createMediaService } from '../media/media.service';
import { PASSWORD_CHECK_FAILURES_PER_ACCOUNT } from './limits';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function logIn(login: string, password: string, userAgent = FIREFOX): Promise<string> {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { login, password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieFrom(response);
}

async function me(cookie: string): Promise<CurrentUser | null> {
  return (await t.api({ method: 'GET', url: '/api/v1/auth/me', cookie })).json<{ user: CurrentUser | null }>()
    .user;
}

async function putAvatar(cookie: string, bytes: Buffer, crop?: object) {
  const { payload, contentType } = await multipartBody(crop ? { crop: JSON.stringify(crop) } : {}, {
    bytes,
    name: 'me.jpg',
    type: 'image/jpeg',
  });
  return t.api({
    method: 'PUT',
    url: '/api/v1/me/avatar',
    cookie,
    payload,
    headers: { 'content-type': contentType },
  });
}

async function post(cookie: string, body: string, extra: object = {}) {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body, ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

function expectErrorShape(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe('PATCH /me/profile', () => {
  it('changes the display name and bio that the profile and posts show', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'hello');
    const response = await t.api({
      method: 'PATCH',
      url: '/api/v1/me/profile',
      cookie: ana.cookie,
      payload: { displayName: '  Ana Lima ', bio: 'Birds and bicycles.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ displayName: 'Ana Lima', bio: 'Birds and bicycles.' });

    const profile = await t.api({ method: 'GET', url: `/api/v1/users/${ana.user.handle}` });
    expect(profile.json()).toMatchObject({
      user: { displayName: 'Ana Lima', bio: 'Birds and bicycles.', avatar: null },
      counts: { posts: 1, replies: 0, likesReceived: 0 },
    });
    const feed = await t.api({ method: 'GET', url: '/api/v1/feed' });
    expect(feed.json().posts[0].author).toMatchObject({ displayName: 'Ana Lima', avatar: null });
  });

  it('changes only the signed-in account, and needs a session', async () => {
    const ana = await signedUpUser(t);
    const bob = await signedUpUser(t);
    await t.api({
      method: 'PATCH',
      url: '/api/v1/me/profile',
      cookie: bob.cookie,
      payload: { bio: 'Bob here' },
    });
    expect((await me(ana.cookie))?.bio).toBe('');
    const anonymous = await t.api({ method: 'PATCH', url: '/api/v1/me/profile', payload: { bio: 'x' } });
    expectErrorShape(anonymous, 401, 'unauthenticated');
  });

  it.each([
    ['a bio over the limit', { bio: 'x'.repeat(BIO_MAX_LENGTH + 1) }, 'bio'],
    ['a blank display name', { displayName: '   ' }, 'displayName'],
    ['a field that is not part of the profile', { handle: 'someone_else' }, 'form'],
    ['a bio that is not text', { bio: 42 }, 'bio'],
  ])('answers 400 with the error shape for %s', async (_label, payload, field) => {
    const ana = await signedUpUser(t);
    const response = await t.api({ method: 'PATCH', url: '/api/v1/me/profile', cookie: ana.cookie, payload });
    expectErrorShape(response, 400, 'validation_failed');
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });
});

describe('PUT and DELETE /me/avatar', () => {
  it(`stores a square avatar in ${AVATAR_SIZES.join(', ')} px, WebP and JPEG, shown on posts`, async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'with a face');
    const response = await putAvatar(ana.cookie, await jpeg(800, 600), {
      x: 100,
      y: 50,
      width: 500,
      height: 500,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { avatar } = response.json<{ user: CurrentUser }>().user;
    expect(avatar?.webp.map((v) => [v.width, v.height])).toEqual(AVATAR_SIZES.map((size) => [size, size]));
    expect(avatar?.fallback.map((v) => v.url.slice(-4))).toEqual(AVATAR_SIZES.map(() => '.jpg'));
    expect(storedMediaFiles(t)).toHaveLength(AVATAR_SIZES.length * 2);

    const file = await t.app.inject({ method: 'GET', url: avatar?.fallback[3]?.url ?? '' });
    expect(file.statusCode).toBe(200);
    const stored = await sharp(file.rawPayload).metadata();
    expect([stored.width, stored.height, stored.exif, stored.icc]).toEqual([400, 400, undefined, undefined]);
    const [red, green, blue] = await colourAt(file.rawPayload, 200, 200);
    expect(red).toBeGreaterThan(200);
    expect(green + blue).toBeLessThan(40);

    const feed = await t.api({ method: 'GET', url: '/api/v1/feed' });
    expect(feed.json().posts[0].author.avatar).toEqual(avatar);
    expect(
      (await t.api({ method: 'GET', url: `/api/v1/users/${ana.user.handle}` })).json().user.avatar,
    ).toEqual(avatar);
  });

  it('replaces the old avatar, removing its files, and removing leaves the initials', async () => {
    const ana = await signedUpUser(t);
    const first = (await putAvatar(ana.cookie, await jpeg(300, 300))).json<{ user: CurrentUser }>().user
      .avatar;
    const second = (await putAvatar(ana.cookie, await jpeg(400, 400, [0, 200, 0]))).json<{
      user: CurrentUser;
    }>().user.avatar;
    expect(second).not.toEqual(first);
    expect(await mediaRowCount(t)).toBe(1);
    const files = storedMediaFiles(t);
    expect(files).toHaveLength(AVATAR_SIZES.length * 2);
    expect(files.some((f) => first?.webp.some((v) => v.url.endsWith(f)))).toBe(false);

    const removed = await t.api({ method: 'DELETE', url: '/api/v1/me/avatar', cookie: ana.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatar).toBeNull();
    expect(await mediaRowCount(t)).toBe(0);
    expect(storedMediaFiles(t)).toEqual([]);
  });

  it('keeps a file another upload still names when the avatar goes', async () => {
    const ana = await signedUpUser(t);
    const bytes = await jpeg(300, 300);
    await putAvatar(ana.cookie, bytes);
    await putAvatar(ana.cookie, bytes);
    expect(await mediaRowCount(t)).toBe(1);
    expect(storedMediaFiles(t)).toHaveLength(AVATAR_SIZES.length * 2);
  });

  it('stays through the clean-up sweep while the account shows it, and cannot be posted or deleted as an image', async () => {
    const ana = await signedUpUser(t);
    await putAvatar(ana.cookie, await jpeg(300, 300));
    const { id } = await t.database.db.selectFrom('media').select('id').executeTakeFirstOrThrow();
    const posting = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ana.cookie,
      payload: { body: 'steal my avatar', images: [{ id, alt: '' }] },
    });
    expectErrorShape(posting, 400, 'image_not_found');
    const deleting = await t.api({ method: 'DELETE', url: `/api/v1/media/${id}`, cookie: ana.cookie });
    expect(deleting.statusCode).toBe(409);
    const weekLater = Date.now() + 7 * MEDIA_UNATTACHED_TTL_MS;
    const sweeper = createMediaService({
      db: t.database.db,
      storage: createDiskStorage(join(t.dataDir, 'media')),
      uploadLimiter: createMemoryRateLimiter(MEDIA_UPLOADS_PER_USER),
      jobs: createJobQueue(1),
      now: () => weekLater,
    });
    expect(await sweeper.sweep()).toBe(0);
    expect(storedMediaFiles(t)).toHaveLength(AVATAR_SIZES.length * 2);

    // Once no account names it (here: set by hand), the same sweep takes it, files included.
    await t.database.db.updateTable('users').set({ avatar_media_id: null }).execute();
    expect(await sweeper.sweep()).toBe(1);
    expect(storedMediaFiles(t)).toEqual([]);
  });

  it('refuses what is not an image, too many declared pixels, a crop outside it, and a request without a session', async () => {
    const ana = await signedUpUser(t);
    expectErrorShape(await putAvatar(ana.cookie, Buffer.from('not an image')), 400, 'invalid_image');
    expectErrorShape(await putAvatar(ana.cookie, gifWithHugeScreen()), 400, 'image_too_large');
    expectErrorShape(
      await putAvatar(ana.cookie, await jpeg(300, 300), { x: 200, y: 0, width: 200, height: 200 }),
      400,
      'invalid_crop',
    );
    expectErrorShape(await putAvatar('', await jpeg(300, 300)), 401, 'unauthenticated');
    const json = await t.api({ method: 'PUT', url: '/api/v1/me/avatar', cookie: ana.cookie, payload: {} });
    expectErrorShape(json, 415, 'unsupported_media_type');
    expect(await mediaRowCount(t)).toBe(0);
  });
});

describe('POST /me/email', () => {
  it('changes the e-mail after the current password; the new one logs in', async () => {
    const ana = await signedUpUser(t);
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/me/email',
      cookie: ana.cookie,
      payload: { email: 'Ana.New@Example.com', currentPassword: ana.account.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.email).toBe('ana.new@example.com');
    await logIn('ana.new@example.com', ana.account.password);
  });

  it('refuses a wrong current password with 403 and a field message', async () => {
    const ana = await signedUpUser(t);
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/me/email',
      cookie: ana.cookie,
      payload: { email: 'other@example.com', currentPassword: 'not my password' },
    });
    expectErrorShape(response, 403, 'wrong_password');
    expect(response.json().error.fields).toEqual({ currentPassword: expect.any(String) });
    expect((await me(ana.cookie))?.email).toBe(ana.account.email);
  });

  it("refuses someone else's address with 409, and a malformed one with 400", async () => {
    const ana = await signedUpUser(t);
    const bob = await signedUpUser(t);
    const taken = await t.api({
      method: 'POST',
      url: '/api/v1/me/email',
      cookie: ana.cookie,
      payload: { email: bob.account.email.toUpperCase(), currentPassword: ana.account.password },
    });
    expectErrorShape(taken, 409, 'email_taken');
    const malformed = await t.api({
      method: 'POST',
      url: '/api/v1/me/email',
      cookie: ana.cookie,
      payload: { email: 'nope', currentPassword: ana.account.password },
    });
    expectErrorShape(malformed, 400, 'validation_failed');
  });

  it('rate-limits wrong current passwords per account, then refuses even the right one', async () => {
    const ana = await signedUpUser(t);
    const attempt = (currentPassword: string) =>
      t.api({
        method: 'POST',
        url: '/api/v1/me/email',
        cookie: ana.cookie,
        payload: { email: 'new@example.com', currentPassword },
      });
    for (let i = 0; i < PASSWORD_CHECK_FAILURES_PER_ACCOUNT.points; i += 1) {
      expect((await attempt('wrong password')).statusCode).toBe(403);
    }
    const limited = await attempt(ana.account.password);
    expectErrorShape(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same counter guards the password change and account deletion.
    const deletion = await t.api({
      method: 'DELETE',
      url: '/api/v1/me',
      cookie: ana.cookie,
      payload: { password: ana.account.password },
    });
    expect(deletion.statusCode).toBe(429);
  });
});

describe('POST /me/password', () => {
  it('ends every other session at once and keeps this one', async () => {
    const ana = await signedUpUser(t);
    const laptop = await logIn(ana.user.handle, ana.account.password);
    const phone = await logIn(ana.user.handle, ana.account.password);
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/me/password',
      cookie: ana.cookie,
      payload: { currentPassword: ana.account.password, newPassword: 'a brand new passphrase' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect(await me(ana.cookie)).toMatchObject({ id: ana.user.id });
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();

    const oldPassword = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ana.user.handle, password: ana.account.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    await logIn(ana.user.handle, 'a brand new passphrase');
  });

  it('refuses a wrong current password and a too-short new one, changing nothing', async () => {
    const ana = await signedUpUser(t);
    const other = await logIn(ana.user.handle, ana.account.password);
    const wrong = await t.api({
      method: 'POST',
      url: '/api/v1/me/password',
      cookie: ana.cookie,
      payload: { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' },
    });
    expectErrorShape(wrong, 403, 'wrong_password');
    const short = await t.api({
      method: 'POST',
      url: '/api/v1/me/password',
      cookie: ana.cookie,
      payload: { currentPassword: ana.account.password, newPassword: 'short' },
    });
    expectErrorShape(short, 400, 'validation_failed');
    expect(Object.keys(short.json().error.fields)).toEqual(['newPassword']);
    expect(await me(other)).not.toBeNull();
  });
});

describe('sessions', () => {
  it('lists the sessions with their device, times and the current one marked', async () => {
    const ana = await signedUpUser(t);
    await logIn(ana.user.handle, ana.account.password, FIREFOX);
    const response = await t.api({ method: 'GET', url: '/api/v1/me/sessions', cookie: ana.cookie });
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json<{
      sessions: { device: string; isCurrent: boolean; createdAt: string }[];
    }>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain('Firefox on Linux');
    for (const session of sessions) expect(Date.parse(session.createdAt)).toBeGreaterThan(0);
  });

  it('revoking a session makes its cookie fail at once', async () => {
    const ana = await signedUpUser(t);
    const phone = await logIn(ana.user.handle, ana.account.password);
    const list = (await t.api({ method: 'GET', url: '/api/v1/me/sessions', cookie: ana.cookie })).json<{
      sessions: { id: string; isCurrent: boolean }[];
    }>();
    const other = list.sessions.find((s) => !s.isCurrent);
    const response = await t.api({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${other?.id}`,
      cookie: ana.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(await me(phone)).toBeNull();
    expect(await me(ana.cookie)).not.toBeNull();
  });

  it("cannot revoke another account's session", async () => {
    const ana = await signedUpUser(t);
    const bob = await signedUpUser(t);
    const bobs = (await t.api({ method: 'GET', url: '/api/v1/me/sessions', cookie: bob.cookie })).json<{
      sessions: { id: string }[];
    }>().sessions;
    const response = await t.api({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${bobs[0]?.id}`,
      cookie: ana.cookie,
    });
    expectErrorShape(response, 404, 'not_found');
    expect(await me(bob.cookie)).not.toBeNull();
    const malformed = await t.api({ method: 'DELETE', url: '/api/v1/me/sessions/nope', cookie: ana.cookie });
    expectErrorShape(malformed, 400, 'validation_failed');
  });

  it('revokes every other session at once, keeping this one', async () => {
    const ana = await signedUpUser(t);
    const others = [
      await logIn(ana.user.handle, ana.account.password),
      await logIn(ana.user.handle, ana.account.password),
    ];
    const response = await t.api({ method: 'DELETE', url: '/api/v1/me/sessions', cookie: ana.cookie });
    expect(response.json()).toEqual({ revoked: 2 });
    for (const cookie of others) expect(await me(cookie)).toBeNull();
    expect(await me(ana.cookie)).not.toBeNull();
  });
});

describe('DELETE /me', () => {
  it('removes posts, likes, media rows and files, sessions, and frees the handle and e-mail', async () => {
    await signedUpUser(t); // the site's admin, whose account stays
    const ana = await signedUpUser(t);
    const bob = await signedUpUser(t);
    const anaPhone = await logIn(ana.user.handle, ana.account.password);
    await putAvatar(ana.cookie, await jpeg(300, 300));
    const image = await uploadedImage(t, ana.cookie, await jpeg(700, 500));
    const anaPost = await post(ana.cookie, 'a post with a picture', {
      images: [{ id: image.id, alt: 'red' }],
    });
    const bobPost = await post(bob.cookie, 'bob speaks');
    await post(ana.cookie, 'a reply to bob', { parentId: bobPost });
    await post(bob.cookie, 'bob answers ana', { parentId: anaPost });
    await t.api({ method: 'PUT', url: `/api/v1/posts/${bobPost}/like`, cookie: ana.cookie });
    await post(bob.cookie, 'bob keeps his own picture'); // bob's rows stay untouched
    expect(storedMediaFiles(t).length).toBeGreaterThan(0);
    t.events.length = 0;

    const response = await t.api({
      method: 'DELETE',
      url: '/api/v1/me',
      cookie: ana.cookie,
      payload: { password: ana.account.password },
    });
    expect(response.statusCode, response.body).toBe(204);

    expect(await me(ana.cookie)).toBeNull();
    expect(await me(anaPhone)).toBeNull();
    expect(await mediaRowCount(t)).toBe(0);
    expect(storedMediaFiles(t)).toEqual([]);
    expect((await t.api({ method: 'GET', url: `/api/v1/posts/${anaPost}` })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `/api/v1/users/${ana.user.handle}` })).statusCode).toBe(404);
    const bobsPost = (await t.api({ method: 'GET', url: `/api/v1/posts/${bobPost}` })).json().post;
    expect(bobsPost).toMatchObject({ likeCount: 0, replyCount: 0 });
    const feed = (await t.api({ method: 'GET', url: '/api/v1/feed' })).json<{
      posts: { author: { id: string } }[];
    }>();
    expect(feed.posts.every((p) => p.author.id === bob.user.id)).toBe(true);

    // Readers' feeds drop the posts live, with the events a deletion by hand publishes.
    expect(
      t.events.filter((e) => e.type === 'post.deleted').map((e) => e.type === 'post.deleted' && e.postId),
    ).toContain(anaPost);
    expect(t.events).toContainEqual(
      expect.objectContaining({ type: 'post.replied', postId: bobPost, replyCount: 0 }),
    );
    expect(t.events).toContainEqual(
      expect.objectContaining({ type: 'post.liked', postId: bobPost, likeCount: 0 }),
    );

    const again = await t.api({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: newAccount({ handle: ana.user.handle, email: ana.account.email }),
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("refuses to delete the site's admin account (the first one), which would hand the seat on", async () => {
    const admin = await signedUpUser(t);
    await signedUpUser(t);
    const response = await t.api({
      method: 'DELETE',
      url: '/api/v1/me',
      cookie: admin.cookie,
      payload: { password: admin.account.password },
    });
    expectErrorShape(response, 409, 'admin_account');
    expect(await me(admin.cookie)).not.toBeNull();
  });

  it('refuses a wrong password and a missing one, deleting nothing', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'still here');
    const wrong = await t.api({
      method: 'DELETE',
      url: '/api/v1/me',
      cookie: ana.cookie,
      payload: { password: 'not my password' },
    });
    expectErrorShape(wrong, 403, 'wrong_password');
    const missing = await t.api({ method: 'DELETE', url: '/api/v1/me', cookie: ana.cookie, payload: {} });
    expectErrorShape(missing, 400, 'validation_failed');
    expect(await me(ana.cookie)).not.toBeNull();
    expect((await t.api({ method: 'GET', url: '/api/v1/feed' })).json().posts).toHaveLength(1);
  });
});
