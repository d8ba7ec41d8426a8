import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_BODY_LIMIT_BYTES } from '../app';
import { HTTP_API_MAX_PARAM_LENGTH } from '../realtime/limits';
import { MAX_PATH_PARAM_LENGTH } from './error-handler';
import { jpeg } from '../test-support/image-fixtures';
import { uploadImage } from '../test-support/media-upload';
import { createTestApp, signedUpUser, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookie: string;
let handle: string;
beforeAll(async () => {
  t = await createTestApp();
  const ana = await signedUpUser(t, { displayName: 'Ana' });
  cookie = ana.cookie;
  handle = ana.user.handle;
});
afterAll(async () => {
  await t.close();
});

function expectInvalidText(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    error: { code: 'invalid_text', message: expect.any(String), fields: { [field]: expect.any(String) } },
  });
}

const profile = async () =>
  (await t.api({ method: 'GET', url: `/api/v1/users/${handle}` })).json<{
    user: { displayName: string; bio: string };
  }>().user;

describe('NUL and other control characters', () => {
  it.each([
    ['/api/v1/search?q=%00', 'q'],
    ['/api/v1/search?q=a%00b', 'q'],
    ['/api/v1/search?q=a%07b', 'q'],
    ['/api/v1/users?prefix=%00', 'prefix'],
    ['/api/v1/users/%00', 'handle'],
    ['/api/v1/users/%00/replies', 'handle'],
    ['/api/v1/users/a%00b/posts', 'handle'],
    ['/api/v1/posts/%00', 'id'],
    ['/api/v1/feed?cursor=%00', 'cursor'],
    ['/media/a%00b.webp', '*'],
    ['/media/p/a%00b.webp', 'file'],
  ])('GET %s answers 400 invalid_text', async (url, field) => {
    for (const session of [cookie, undefined]) {
      expectInvalidText(await t.api({ method: 'GET', url, cookie: session }), field);
    }
  });

  it.each([
    [{ displayName: 'a\u0000b' }, 'displayName'],
    [{ bio: 'a\u0000b' }, 'bio'],
    [{ bio: 'ring \u0007 the bell' }, 'bio'],
    [{ bio: 'escape \u001b[31m red' }, 'bio'],
    [{ displayName: 'next \u0085 line' }, 'displayName'],
    [{ displayName: 'a\uD800b' }, 'displayName'],
    [{ bio: 'b\uDC00' }, 'bio'],
  ])('PATCH /me/profile with %j answers 400 invalid_text and changes nothing', async (payload, field) => {
    const response = await t.api({ method: 'PATCH', url: '/api/v1/me/profile', cookie, payload });
    expectInvalidText(response, field);
    expect(await profile()).toMatchObject({ displayName: 'Ana', bio: '' });
  });

  it('keeps tabs, line breaks and whole emoji (a surrogate pair) in a bio', async () => {
    const bio = 'line one\n\tline two 🦊';
    const response = await t.api({ method: 'PATCH', url: '/api/v1/me/profile', cookie, payload: { bio } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await profile()).bio).toBe(bio);
    await t.api({ method: 'PATCH', url: '/api/v1/me/profile', cookie, payload: { bio: '' } });
  });

  it('refuses refused text in keys and nested values too', async () => {
    const key = await t.api({
      method: 'PATCH',
      url: '/api/v1/me/profile',
      cookie,
      payload: { 'bi\u0000o': 'x' },
    });
    expectInvalidText(key, 'body');
    const nested = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie,
      payload: { body: 'hello', images: [{ id: 'x', alt: 'a\u0000' }] },
    });
    expectInvalidText(nested, 'images.0.alt');
  });

  it('removes them from post bodies, as the sanitiser always has, keeping tabs and newlines', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie,
      payload: { body: 'first\u0000 line\n\tsecond\u0007 line\uD800' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { post } = response.json<{ post: { id: string; bodyText: string } }>();
    expect(post.bodyText).toBe('first line\n\tsecond line');
    const edit = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      cookie,
      payload: { body: 'edited\u0000' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().post.bodyText).toBe('edited');
  });
});

describe('multipart text fields', () => {
  it.each([
    [{ rotation: '9\u00000' }, 'rotation'],
    [{ crop: '{"x":0,"y":0,"width":10,"height":10,"n":"\u0007"}' }, 'crop'],
  ])('an upload with %j answers 400 invalid_text', async (fields, field) => {
    expectInvalidText(await uploadImage(t, cookie, await jpeg(40, 30), fields), field);
  });
});

describe('hostile JSON shapes and sizes', () => {
  it.each([
    '{"__proto__":{"isAdmin":true},"bio":"x"}',
    '{"constructor":{"prototype":{"isAdmin":true}},"bio":"x"}',
  ])('a body with %s answers 400 with the error envelope', async (payload) => {
    const response = await t.api({
      method: 'PATCH',
      url: '/api/v1/me/profile',
      cookie,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it.each([
    ['an array', 2, (depth: number) => `${'['.repeat(depth)}"\u0000"${']'.repeat(depth)}`],
    [
      'objects with a prototype key',
      6,
      (depth: number) => `${'{"a":'.repeat(depth)}{"__proto__":1}${'}'.repeat(depth)}`,
    ],
  ])(
    'answers a body of %s nested as deep as the body limit allows with a 400',
    async (_, perLevel, nested) => {
      const depth = Math.floor((API_BODY_LIMIT_BYTES - 100) / perLevel);
      for (const [method, url, field] of [
        ['PATCH', '/api/v1/me/profile', 'bio'],
        ['POST', '/api/v1/posts', 'body'],
      ] as const) {
        const response = await t.api({
          method,
          url,
          cookie,
          headers: { 'content-type': 'application/json' },
          payload: `{"${field}":${nested(depth)}}`,
        });
        expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
        expect(response.json().error).toMatchObject({
          code: expect.any(String),
          message: expect.any(String),
        });
      }
    },
  );

  it('matches path parameters as long as the real-time HTTP API needs, and no longer', () => {
    expect(MAX_PATH_PARAM_LENGTH).toBe(HTTP_API_MAX_PARAM_LENGTH);
  });

  it.each([`/api/v1/users/${'a'.repeat(10_000)}`, `/api/v1/posts/${'%00'.repeat(5_000)}`])(
    'answers a path segment over MAX_PATH_PARAM_LENGTH characters with 414 path_too_long',
    async (url) => {
      const response = await t.api({ method: 'GET', url, cookie });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(414);
      expect(response.json()).toEqual({ error: { code: 'path_too_long', message: expect.any(String) } });
    },
  );

  it.each(['/api/v1/users/%ED%A0%80', '/api/v1/users/%FF/posts', '/api/v1/posts/%'])(
    'answers a path that is not percent-encoded UTF-8 (%s) with 400 invalid_url',
    async (url) => {
      const response = await t.api({ method: 'GET', url, cookie });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'invalid_url', message: expect.any(String) } });
    },
  );
});
