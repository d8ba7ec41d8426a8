import { readFile, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { DataExportStatus } from '../../../common/contracts/data-export';
import { jpeg } from '../../test-support/image-fixtures';
import { storedMediaFiles, uploadedImage } from '../../test-support/media-upload';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { DATA_EXPORT_INTERVAL_MS, DATA_EXPORT_MAX_ATTEMPTS } from './limits';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tidings.test' });
});
afterEach(async () => {
  await t.close();
});

const status = async (cookie: string) => {
  const response = await t.api({ method: 'GET', url: '/api/v1/me/data-export', cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ export: DataExportStatus }>().export;
};
const requestExport = (cookie: string) =>
  t.api({ method: 'POST', url: '/api/v1/me/data-export', cookie, payload: {} });
const download = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/me/data-export/download',
    ...(cookie ? { headers: { cookie } } : {}),
  });
const errorCodeOf = (response: { json: <T>() => T }) =>
  response.json<{ error: { code: string } }>().error.code;

/** Every file of a ZIP, by name. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, opened) => (err ? reject(err) : resolve(opened))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', resolve);
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        buffer(stream)
          .then((bytes) => {
            files.set(entry.fileName, bytes);
            archive.readEntry();
          })
          .catch(reject);
      });
    });
    archive.readEntry();
  });
  return files;
}

async function post(cookie: string, payload: Record<string, unknown>): Promise<string> {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

describe('asking for an archive of one’s data', () => {
  it('builds it in the background, tells the owner, and lets only the owner download it', async () => {
    const ana = await signedUpUser(t, { displayName: 'Ana <script>alert(1)</script>' });
    const ben = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(900, 600));
    const withImage = await post(ana.cookie, {
      body: '<p>Hello <strong>world</strong> &amp; friends</p>',
      images: [{ id: image.id, alt: 'A red square' }],
    });
    const bensPost = await post(ben.cookie, { body: 'Tea or coffee?' });
    expect(
      (await t.api({ method: 'PUT', url: `/api/v1/posts/${bensPost}/like`, cookie: ana.cookie })).statusCode,
    ).toBe(200);
    const quoting = await post(ana.cookie, { body: 'Coffee, always', quoteOfId: bensPost });
    for (const url of [
      `/api/v1/posts/${bensPost}/bookmark`,
      `/api/v1/posts/${bensPost}/repost`,
      `/api/v1/follows/${ben.user.id}`,
      '/api/v1/tags/Tulips/follow',
    ])
      expect((await t.api({ method: 'PUT', url, cookie: ana.cookie })).statusCode, url).toBe(200);

    expect(await status(ana.cookie)).toMatchObject({ state: 'none', requestedAt: null });
    const asked = await requestExport(ana.cookie);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json<{ export: DataExportStatus }>().export).toMatchObject({
      state: 'pending',
      nextRequestAt: expect.any(String),
    });
    expect(errorCodeOf(await download(ana.cookie))).toBe('data_export_unavailable');

    await t.dataExportJob.runOnce();
    const ready = await status(ana.cookie);
    expect(ready).toMatchObject({ state: 'ready', sizeBytes: expect.any(Number) });
    expect(Date.parse(ready.expiresAt ?? '') - Date.parse(ready.readyAt ?? '')).toBe(7 * 24 * 60 * 60 * 1000);

    const response = await download(ana.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tidings-${ana.account.handle}-${today}.zip"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.length).toBe(ready.sizeBytes);

    const files = await unzip(response.rawPayload);
    const profile = JSON.parse(files.get('profile.json')?.toString() ?? '{}');
    expect(profile).toMatchObject({
      handle: ana.account.handle,
      displayName: 'Ana <script>alert(1)</script>',
      email: ana.account.email,
      avatar: null,
    });
    const posts = JSON.parse(files.get('posts.json')?.toString() ?? '[]');
    expect(posts).toEqual([
      expect.objectContaining({
        id: withImage,
        url: `https://tidings.test/p/${withImage}`,
        quoteOf: null,
        text: 'Hello world & friends',
        html: '<p>Hello <strong>world</strong> &amp; friends</p>',
        images: [expect.objectContaining({ alt: 'A red square', file: expect.stringMatching(/^media\//) })],
        linkCard: null,
      }),
      expect.objectContaining({ id: quoting, quoteOf: `https://tidings.test/p/${bensPost}` }),
    ]);
    const likes = JSON.parse(files.get('likes.json')?.toString() ?? '[]');
    expect(likes).toEqual([
      { postId: bensPost, url: `https://tidings.test/p/${bensPost}`, likedAt: expect.any(String) },
    ]);
    expect(JSON.parse(files.get('bookmarks.json')?.toString() ?? '[]')).toEqual([
      { postId: bensPost, url: `https://tidings.test/p/${bensPost}`, bookmarkedAt: expect.any(String) },
    ]);
    expect(JSON.parse(files.get('reposts.json')?.toString() ?? '[]')).toEqual([
      { postId: bensPost, url: `https://tidings.test/p/${bensPost}`, repostedAt: expect.any(String) },
    ]);
    expect(JSON.parse(files.get('following.json')?.toString() ?? '{}')).toEqual({
      accounts: [
        {
          handle: ben.user.handle,
          url: `https://tidings.test/@${ben.user.handle}`,
          since: expect.any(String),
        },
      ],
      hashtags: [{ tag: 'tulips', url: 'https://tidings.test/tags/tulips', since: expect.any(String) }],
    });

    // The image's largest stored rendition, byte for byte.
    const largest = image.fallback.at(-1)?.url ?? '';
    const inArchive = files.get(`media/${posix.basename(largest)}`);
    const onDisk = await readFile(join(t.dataDir, 'media', largest.replace(/^\/media\//, '')));
    expect(inArchive?.equals(onDisk)).toBe(true);
    expect(posts[0].images[0].file).toBe(`media/${posix.basename(largest)}`);

    // The page escapes every text but the stored, sanitised post HTML.
    const page = files.get('posts.html')?.toString() ?? '';
    expect(page).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script');
    expect(page).toContain('<p>Hello <strong>world</strong> &amp; friends</p>');
    expect(files.get('README.txt')?.toString()).toContain('bookmarks.json');

    // Told both ways: a notice in the list and an e-mail in the outbox.
    const list = await t.api({ method: 'GET', url: '/api/v1/notifications', cookie: ana.cookie });
    expect(list.json().notifications).toEqual([
      expect.objectContaining({ type: 'data-export-ready', actors: [], actorCount: 0, postId: null }),
    ]);
    expect(t.userEvents).toContainEqual({
      userId: ana.user.id,
      event: expect.objectContaining({ type: 'notification.created' }),
    });
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'subject'])
      .where('kind', '=', 'data-export-ready')
      .execute();
    expect(mails).toEqual([
      {
        kind: 'data-export-ready',
        to_address: ana.account.email,
        subject: 'Your data from Tidings is ready to download',
      },
    ]);

    // Nobody else can reach it: another account has none, no session is 401.
    const bens = await download(ben.cookie);
    expect(bens.statusCode).toBe(404);
    expect(errorCodeOf(bens)).toBe('data_export_unavailable');
    expect((await download()).statusCode).toBe(401);
    expect((await requestExport('')).statusCode).toBe(401);
  });

  it('keeps one at a time and a new one at most once a day', async () => {
    const ana = await signedUpUser(t);
    expect((await requestExport(ana.cookie)).statusCode).toBe(201);
    const again = await requestExport(ana.cookie);
    expect(again.statusCode).toBe(409);
    expect(errorCodeOf(again)).toBe('data_export_in_progress');

    await t.dataExportJob.runOnce();
    const tooSoon = await requestExport(ana.cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(errorCodeOf(tooSoon)).toBe('data_export_too_soon');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(DATA_EXPORT_INTERVAL_MS / 1000 - 60);

    // A day later a new archive replaces the old one, file included.
    const oldKey = (await t.database.db.selectFrom('data_exports').select('storage_key').executeTakeFirst())
      ?.storage_key;
    await t.database.db
      .updateTable('data_exports')
      .set({ requested_at: Date.now() - DATA_EXPORT_INTERVAL_MS - 1 })
      .execute();
    expect((await requestExport(ana.cookie)).statusCode).toBe(201);
    expect(storedMediaFiles(t)).not.toContain(oldKey);
    expect(await t.database.db.selectFrom('data_exports').selectAll().execute()).toHaveLength(1);
  });

  it('deletes the archive and its row once expired; the download then says so', async () => {
    const ana = await signedUpUser(t);
    await requestExport(ana.cookie);
    await t.dataExportJob.runOnce();
    expect((await download(ana.cookie)).statusCode).toBe(200);
    expect(storedMediaFiles(t).filter((file) => file.startsWith('exports/'))).toHaveLength(1);

    await t.database.db
      .updateTable('data_exports')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    await t.dataExportJob.runOnce();
    expect(await t.database.db.selectFrom('data_exports').selectAll().execute()).toEqual([]);
    expect(storedMediaFiles(t).filter((file) => file.startsWith('exports/'))).toEqual([]);
    const gone = await download(ana.cookie);
    expect(gone.statusCode).toBe(404);
    expect(errorCodeOf(gone)).toBe('data_export_unavailable');
    expect(await status(ana.cookie)).toMatchObject({ state: 'none' });
  });

  it('retries a failed build, then reports it failed, and the server goes on', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(400, 300));
    await post(ana.cookie, { body: 'A picture', images: [{ id: image.id, alt: '' }] });
    const largest = image.fallback.at(-1)?.url.replace(/^\/media\//, '') ?? '';
    await rm(join(t.dataDir, 'media', largest));

    await requestExport(ana.cookie);
    // Rounds until it gives up, each made due at once instead of after the retry delay (the
    // request's own wake may have taken the first attempt before the test's first round).
    for (let round = 0; round < 2 * DATA_EXPORT_MAX_ATTEMPTS; round += 1) {
      await t.dataExportJob.runOnce();
      if ((await status(ana.cookie)).state === 'failed') break;
      await t.database.db.updateTable('data_exports').set({ next_attempt_at: Date.now() }).execute();
    }
    expect(await status(ana.cookie)).toMatchObject({ state: 'failed', nextRequestAt: null });
    const row = await t.database.db.selectFrom('data_exports').selectAll().executeTakeFirstOrThrow();
    expect(row.failure).toContain('missing from storage');
    expect(Number(row.attempts)).toBe(DATA_EXPORT_MAX_ATTEMPTS);
    // Nothing half-written is left, and the app still answers.
    expect(storedMediaFiles(t).filter((file) => file.startsWith('exports/'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // A failed archive does not make the account wait for a new one.
    expect((await requestExport(ana.cookie)).statusCode).toBe(201);
  });

  it('takes over a build whose node stopped, once its lease has run out', async () => {
    const ana = await signedUpUser(t);
    await requestExport(ana.cookie);
    await t.database.db
      .updateTable('data_exports')
      .set({ state: 'building', lease_owner: 'a-node-that-died', lease_until: Date.now() + 60_000 })
      .execute();
    expect(await t.dataExportJob.runOnce()).toBe(0);
    expect(await status(ana.cookie)).toMatchObject({ state: 'building' });
    await t.database.db
      .updateTable('data_exports')
      .set({ lease_until: Date.now() - 1 })
      .execute();
    expect(await t.dataExportJob.runOnce()).toBe(1);
    expect(await status(ana.cookie)).toMatchObject({ state: 'ready' });
  });

  it('goes with the account when it is deleted, file included', async () => {
    // The first account is the instance's admin, which cannot be deleted.
    await signedUpUser(t);
    const ana = await signedUpUser(t);
    await requestExport(ana.cookie);
    await t.dataExportJob.runOnce();
    expect(storedMediaFiles(t).filter((file) => file.startsWith('exports/'))).toHaveLength(1);
    const deleted = await t.api({
      method: 'DELETE',
      url: '/api/v1/me',
      cookie: ana.cookie,
      payload: { password: ana.account.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.database.db.selectFrom('data_exports').selectAll().execute()).toEqual([]);
    expect(storedMediaFiles(t).filter((file) => file.startsWith('exports/'))).toEqual([]);
  });
});
