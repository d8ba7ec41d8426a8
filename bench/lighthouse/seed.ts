// Content for the audited pages, made through the real API the way the browser makes it.
import { createServer } from 'node:http';
import sharp from 'sharp';
import type { CreatePostRequest, Post, PostWriteResponse } from '../../common/contracts/posts';
import type { MediaUploadResponse, UploadedImage } from '../../common/contracts/media';

/** The word every seeded post carries, so that the audited search page lists results. */
export const SEARCH_WORD = 'harbour';

export interface PreviewPageServer {
  /** A page with Open Graph title, description and image, for one post's link card. */
  articleUrl: string;
  close(): Promise<void>;
}

/**
 * A web page to preview on 127.0.0.1:`port`, so that one post carries a link card with its image
 * without any request leaving this machine.
 */
export async function startPreviewPageServer(port: number): Promise<PreviewPageServer> {
  const picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2f6f9f' } })
    .png()
    .toBuffer();
  const origin = `http://127.0.0.1:${port}`;
  const html =
    '<!doctype html><html lang="en"><head><title>Harbour lights</title>' +
    '<meta property="og:title" content="Harbour lights at dusk">' +
    '<meta property="og:description" content="A short walk along the harbour, with pictures.">' +
    `<meta property="og:image" content="${origin}/article.png"></head><body><p>Hello</p></body></html>`;
  const server = createServer((request, response) => {
    if (request.url === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else if (request.url === '/article.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    articleUrl: `${origin}/article`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ApiCall {
  cookie?: string;
  json?: unknown;
  form?: FormData;
}

async function callApi(origin: string, path: string, { cookie, json, form }: ApiCall): Promise<Response> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers,
    body: json !== undefined ? JSON.stringify(json) : form,
  });
  if (!response.ok)
    throw new Error(`POST /api/v1${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function uploadImage(origin: string, cookie: string): Promise<UploadedImage> {
  const sun = '<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#f4d35e"/></svg>';
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#c8553d' } })
    .composite([{ input: Buffer.from(sun) }])
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'sunset.jpg');
  const answer = (await (await callApi(origin, '/media', { cookie, form })).json()) as MediaUploadResponse;
  return answer.image;
}

async function createPost(origin: string, cookie: string, input: CreatePostRequest): Promise<Post> {
  const answer = (await (
    await callApi(origin, '/posts', { cookie, json: input })
  ).json()) as PostWriteResponse;
  return answer.post;
}

export interface SeededContent {
  /** The session cookie of the account that wrote the posts, as a Cookie header value. */
  cookie: string;
  /** The post whose page is audited: it has an image and a reply. */
  postId: string;
}

/** Signs up one account and writes a plain post, one with an image, one with a link card, a reply. */
export async function seedContent(origin: string, articleUrl: string): Promise<SeededContent> {
  const signUp = await callApi(origin, '/auth/signup', {
    json: {
      email: 'lighthouse@example.com',
      handle: 'lighthouse',
      displayName: 'Lighthouse Keeper',
      password: 'a long enough password',
    },
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-up answered without a session cookie');

  await createPost(origin, cookie, {
    body: `<p>Morning at the ${SEARCH_WORD}: calm water, three boats.</p>`,
  });
  const image = await uploadImage(origin, cookie);
  const withImage = await createPost(origin, cookie, {
    body: `<p>Sunset over the ${SEARCH_WORD}, taken from the pier.</p>`,
    images: [{ id: image.id, alt: 'A yellow sun over a red sea' }],
  });
  const withCard = await createPost(origin, cookie, {
    body: `<p>Read about the ${SEARCH_WORD} lights: ${articleUrl}</p>`,
    linkPreviewUrl: articleUrl,
  });
  if (!withCard.linkPreview) console.warn('! the link post has no card: the pages are audited without one');
  await createPost(origin, cookie, {
    body: `<p>The ${SEARCH_WORD} looked even better the day after.</p>`,
    parentId: withImage.id,
  });
  return { cookie, postId: withImage.id };
}
