import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FEED_PAGE_SIZE } from '../../common/contracts/posts';
import type { ClientConfigResponse } from '../../common/contracts/client-config';
import type { UploadedImage } from '../../common/contracts/media';
import { jpeg } from '../test-support/image-fixtures';
import { multipartBody } from '../test-support/media-upload';
import { seedPosts } from '../test-support/seed-posts';
import { createTestApp, insertedUser, signedUpUser, type TestApp } from '../test-support/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compression';
import { decodedBody, listenOnLoopback, rawRequest, varyOf } from '../test-support/raw-http';

let t: TestApp;
let origin: string;
/** The feed page as the app sends it to a client that accepts no encoding. */
let plainFeed: Buffer;

const API = { 'x-requested-with': 'XMLHttpRequest' };
const apiGet = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(origin, path, { headers: { ...API, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  origin = await listenOnLoopback(t.app);
  for (let i = 0; i < 3; i += 1) await insertedUser(t, `writer_${i}`, `Writer number ${i}`);
  await seedPosts(t.database.db, {
    count: FEED_PAGE_SIZE * 2,
    authors: 3,
    authorHandlePrefix: 'writer_',
    firstAt: Date.now() - 3_600_000,
    spacingMs: 1000,
  });
  plainFeed = (await apiGet('/api/v1/feed')).body;
});

afterAll(async () => {
  await t.close();
});

describe('API answers above the threshold', () => {
  it('a feed page is well above the threshold, so it is a fair sample', () => {
    expect(plainFeed.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES * 4);
    expect(JSON.parse(plainFeed.toString('utf8'))).toMatchObject({ posts: expect.any(Array) });
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
  ])('Accept-Encoding "%s" gets the feed as %s', async (acceptEncoding, encoding) => {
    const answer = await apiGet('/api/v1/feed', { 'accept-encoding': acceptEncoding });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(varyOf(answer)).toEqual(expect.arrayContaining(['accept-encoding']));
    expect(varyOf(answer).filter((member) => member === 'accept-encoding')).toHaveLength(1);
    expect(answer.body.length).toBeLessThan(plainFeed.length / 3);
    expect(decodedBody(answer).equals(plainFeed)).toBe(true);
  });

  it.each([[undefined], ['identity'], ['deflate'], ['br;q=0, gzip;q=0']])(
    'Accept-Encoding %s gets the feed as it is',
    async (acceptEncoding) => {
      const answer = await apiGet(
        '/api/v1/feed',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(varyOf(answer)).toContain('accept-encoding');
      expect(answer.body.equals(plainFeed)).toBe(true);
    },
  );

  it('answers HEAD with the headers and no body', async () => {
    const answer = await rawRequest(origin, '/api/v1/feed', {
      method: 'HEAD',
      headers: { ...API, 'accept-encoding': 'br' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // Fastify drops a HEAD answer's body before compression would run: the headers then
    // describe the plain answer, consistently.
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(plainFeed.length);
    expect(varyOf(answer)).toContain('accept-encoding');
    expect(answer.body.length).toBe(0);
  });
});

describe('API answers that stay as they are', () => {
  it('sends an answer below the threshold plain, still varying on encoding', async () => {
    const answer = await apiGet('/api/v1/client-config', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(varyOf(answer)).toContain('accept-encoding');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ realtime: { mode: 'embedded' } });
  });

  it('keeps the error envelope and its JSON type', async () => {
    const answer = await apiGet('/api/v1/posts/not-a-post-id', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(decodedBody(answer).toString('utf8')) as { error?: { code?: string } };
    expect(body.error?.code).toEqual(expect.any(String));
  });

  it('takes a multipart upload and sends stored images as they are, never encoded again', async () => {
    const { cookie } = await signedUpUser(t);
    const { payload, contentType } = await multipartBody(
      {},
      { bytes: await jpeg(), name: 'photo.jpg', type: 'image/jpeg' },
    );
    const upload = await rawRequest(origin, '/api/v1/media', {
      method: 'POST',
      headers: { ...API, cookie, 'content-type': contentType, 'accept-encoding': 'br, gzip' },
      body: payload,
    });
    expect(upload.status).toBe(201);
    const { image } = JSON.parse(decodedBody(upload).toString('utf8')) as { image: UploadedImage };
    const url = image.fallback[0]?.url ?? '';
    expect(url).toMatch(/^\/media\//);

    const plain = await rawRequest(origin, url);
    const asked = await rawRequest(origin, url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asked.status).toBe(200);
    expect(asked.headers['content-type']).toBe('image/jpeg');
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.body.equals(plain.body)).toBe(true);
    expect(Number(asked.headers['content-length'])).toBe(plain.body.length);

    const again = await rawRequest(origin, url, {
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': asked.headers.etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body.length).toBe(0);
  });

  it('still opens the live-feed socket for a browser that accepts compressed answers', async () => {
    const config = JSON.parse(
      (await apiGet('/api/v1/client-config')).body.toString('utf8'),
    ) as ClientConfigResponse;
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/app/${config.realtime.key}?protocol=7`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data: Buffer) => resolve(data.toString('utf8')));
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade answered ${response.statusCode}`)),
      );
    });
    socket.close();
    expect(JSON.parse(first)).toMatchObject({ event: 'pusher:connection_established' });
  });
});
