import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../common/contracts/posts';
import { startTestOrigin, type TestOrigin } from '../../platform/safe-fetch/testing/test-origin';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';

const ORIGIN_HOST = '127.0.0.2';
const PAGE = [
  '<html><head><meta property="og:title" content="  The real title ">',
  '<meta property="og:description" content="What the page says">',
  '<meta property="og:image" content="/card.png"></head></html>',
].join('');

let t: TestApp;
let cookie: string;
let origin: TestOrigin;
let pageFetches = 0;

beforeAll(async () => {
  origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    if (request.url?.startsWith('/page')) {
      pageFetches += 1;
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    } else if (request.url === '/no-image')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Words only</title>');
    else if (request.url === '/data.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x"}');
    else response.writeHead(500).end();
  });
  t = await createTestApp({ UNSAFE_PREVIEW_ALLOWED_ADDRESSES: ORIGIN_HOST });
  ({ cookie } = await signedUpUser(t));
});
afterAll(async () => {
  await t.close();
  await origin.close();
});

async function publish(payload: Record<string, unknown>): Promise<Post> {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: Post }>().post;
}

describe('a new post with a link card', () => {
  it('carries the card built from the server’s own preview, in the answer, the feed and the live event', async () => {
    const url = origin.url('/page/1');
    const post = await publish({ body: `Read this: ${url}, it is good`, linkPreviewUrl: url });
    const expected = {
      url,
      title: 'The real title',
      description: 'What the page says',
      image: expect.stringMatching(/^\/media\/p\/[a-f0-9]{64}\.webp$/),
      domain: ORIGIN_HOST,
    };
    expect(post.linkPreview).toEqual(expected);
    const feed = await t.api({ method: 'GET', url: '/api/v1/feed' });
    expect(feed.json<{ posts: Post[] }>().posts[0]?.linkPreview).toEqual(expected);
    const event = t.events.findLast((e) => e.type === 'post.created');
    expect(event?.type === 'post.created' && event.post.linkPreview).toEqual(expected);
  });

  it('uses the cached preview the composer already asked for: no second fetch', async () => {
    const url = origin.url('/page/2');
    const proxied = await t.api({
      method: 'GET',
      url: `/api/v1/proxy?publicId=new-post&url=${encodeURIComponent(url)}`,
      cookie,
    });
    expect(proxied.statusCode).toBe(200);
    const before = pageFetches;
    const post = await publish({ body: url, linkPreviewUrl: url });
    expect(post.linkPreview?.title).toBe('The real title');
    expect(pageFetches).toBe(before);
  });

  it('ignores card fields sent by the client', async () => {
    const url = origin.url('/page/3');
    const post = await publish({
      body: url,
      linkPreviewUrl: url,
      linkPreview: {
        url,
        title: 'Forged',
        description: 'x',
        image: 'https://evil.example/x.png',
        domain: 'e',
      },
    });
    expect(post.linkPreview?.title).toBe('The real title');
    expect(post.linkPreview?.image).not.toContain('evil');
  });

  it('ignores a link that is not the body’s first link', async () => {
    const first = origin.url('/page/4');
    const other = origin.url('/page/5');
    const post = await publish({ body: `${first} and ${other}`, linkPreviewUrl: other });
    expect(post.linkPreview).toBeNull();
  });

  it('matches the first link normalised (case of the host, trailing punctuation, fragment)', async () => {
    const url = origin.url('/page/6');
    const post = await publish({
      body: `See ${url}#top.`,
      linkPreviewUrl: url.toUpperCase().replace('/PAGE/', '/page/'),
    });
    expect(post.linkPreview?.title).toBe('The real title');
  });

  it.each([
    ['the author dismissed the card', { linkPreviewUrl: null }],
    ['no card was shown', {}],
  ])('has no card when %s', async (_case, extra) => {
    const post = await publish({ body: origin.url('/page/7'), ...extra });
    expect(post.linkPreview).toBeNull();
  });

  it.each(['/broken', '/no-image', '/data.json'])(
    'is published without a card when %s has none',
    async (path) => {
      const url = origin.url(path);
      const post = await publish({ body: url, linkPreviewUrl: url });
      expect(post.linkPreview).toBeNull();
    },
  );

  it('keeps its card when the body is edited', async () => {
    const url = origin.url('/page/8');
    const post = await publish({ body: url, linkPreviewUrl: url });
    const edited = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      cookie,
      payload: { body: `${url} (edited)` },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ post: Post }>().post.linkPreview).toEqual(post.linkPreview);
  });
});
