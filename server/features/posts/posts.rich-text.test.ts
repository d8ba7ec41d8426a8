import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_BODY_MAX_LENGTH, POST_HTML_MAX_LENGTH } from '../../../common/contracts/posts';
import { hostileBodies } from '../../../common/rich-text/hostile-bodies.fixture';
import { POST_LINK_REL } from '../../../common/rich-text/post-schema';
import { isParse5FixedPoint, storedHtmlProblems } from '../../test-support/post-html-checks';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { sanitizePostBody } from '../rich-text/sanitize-post-body';

/** One app for the whole file: the battery is long and every post is independent. */
let t: TestApp;
let author: { cookie: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  author = await signedUpUser(t);
  // Mention spoofs in the battery name alice: with an account behind it they become real mentions.
  await signedUpUser(t, { handle: 'alice' });
});
afterAll(async () => {
  await t.close();
});

function create(body: string) {
  return t.api({ method: 'POST', url: '/api/v1/posts', cookie: author.cookie, payload: { body } });
}

async function stored(id: string): Promise<{ bodyHtml: string; bodyText: string }> {
  const response = await t.api({ method: 'GET', url: `/api/v1/posts/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ post: { bodyHtml: string; bodyText: string } }>().post;
}

describe('hostile bodies through the API', () => {
  const BEACON = 'http://127.0.0.1:9/beacon';

  it.each(hostileBodies(BEACON))('$name', async ({ html }) => {
    const response = await create(html);
    if (response.statusCode === 400) {
      // Nothing readable was left: refused rather than stored as an empty post.
      expect(response.json().error.code).toBe('body_empty');
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    const post = await stored(response.json().post.id);
    expect(storedHtmlProblems(post.bodyHtml)).toEqual([]);
    expect(post.bodyHtml).not.toContain(BEACON);
    expect(isParse5FixedPoint(post.bodyHtml)).toBe(true);
    expect(sanitizePostBody(post.bodyHtml).html).toBe(post.bodyHtml);
    expect(post.bodyText.length).toBeGreaterThan(0);
    const live = t.events.findLast((event) => event.type === 'post.created');
    expect(live).toMatchObject({ post: { bodyHtml: post.bodyHtml, bodyText: post.bodyText } });
  });
});

describe('formatting', () => {
  const link = `<a target="_blank" rel="${POST_LINK_REL}" href="https://example.com/path?a=1&amp;b=2">a link</a>`;
  const editorHtml = [
    `<p>Some <strong>bold</strong>, <em>italic</em>, <s>struck</s> and <code>inline code</code><br>after a break, ${link}.</p>`,
    '<pre><code class="language-ts">const answer = 6 * 7;\nconsole.log(answer &lt; 50);</code></pre>',
    '<ul><li><p>bullet</p></li><li><p>list</p></li></ul>',
    '<ol start="4"><li><p>fourth</p></li><li><p>fifth</p></li></ol>',
    '<blockquote><p>A quote.</p></blockquote>',
  ].join('');

  it('keeps what the editor writes exactly, and projects its text', async () => {
    const response = await create(editorHtml);
    expect(response.statusCode, response.body).toBe(201);
    const post = await stored(response.json().post.id);
    expect(post.bodyHtml).toBe(editorHtml);
    expect(post.bodyText).toBe(
      'Some bold, italic, struck and inline code\nafter a break, a link.\n\n' +
        'const answer = 6 * 7;\nconsole.log(answer < 50);\n\nbullet\n\nlist\n\nfourth\n\nfifth\n\nA quote.',
    );
  });

  it('gives links the forced rel and target', async () => {
    const response = await create('<p><a href="https://example.com/" rel="opener" target="_top">x</a></p>');
    expect(response.json().post.bodyHtml).toBe(
      `<p><a target="_blank" rel="${POST_LINK_REL}" href="https://example.com/">x</a></p>`,
    );
  });

  it('stores plain text as escaped paragraphs', async () => {
    const response = await create('Tom & Jerry <3\nline two\n\nnext paragraph');
    expect(response.json().post).toMatchObject({
      bodyHtml: '<p>Tom &amp; Jerry &lt;3<br>line two</p><p>next paragraph</p>',
      bodyText: 'Tom & Jerry <3\nline two\n\nnext paragraph',
    });
  });

  it('sanitises edits the same way and announces them with both fields', async () => {
    const created = await create('<p>first</p>');
    const id = created.json().post.id as string;
    const edited = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${id}`,
      cookie: author.cookie,
      payload: { body: '<p onclick="alert(1)">second <img src=x onerror=alert(1)></p>' },
    });
    expect(edited.json().post).toMatchObject({ bodyHtml: '<p>second </p>', bodyText: 'second' });
    expect(t.events.at(-1)).toMatchObject({
      type: 'post.updated',
      post: { id, bodyHtml: '<p>second </p>', bodyText: 'second' },
    });
    const emptied = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${id}`,
      cookie: author.cookie,
      payload: { body: '<script>alert(1)</script>' },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().error).toEqual({ code: 'body_empty', message: 'Write something first.' });
    expect((await stored(id)).bodyText).toBe('second');
  });
});

describe('limits', () => {
  const markup = (text: string) => `<p><strong>${text}</strong></p>`;

  it(`allows ${POST_BODY_MAX_LENGTH} characters of text however much markup carries them`, async () => {
    const response = await create(markup('x'.repeat(POST_BODY_MAX_LENGTH)));
    expect(response.statusCode).toBe(201);
    expect(response.json().post.bodyText).toHaveLength(POST_BODY_MAX_LENGTH);
  });

  it('refuses one character more with body_too_long', async () => {
    const response = await create(markup('x'.repeat(POST_BODY_MAX_LENGTH + 1)));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'body_too_long',
      message: `Posts have at most ${POST_BODY_MAX_LENGTH} characters.`,
    });
  });

  it(`refuses more than ${POST_HTML_MAX_LENGTH} characters of markup before sanitising`, async () => {
    const padding = '<strong></strong>'.repeat(Math.ceil(POST_HTML_MAX_LENGTH / 17));
    const response = await create(`<p>short${padding}</p>`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { body: expect.any(String) },
    });
  });

  it('refuses markup that leaves no text', async () => {
    for (const body of ['<p></p>', '<p> <br> </p>', '<img src=x>', '<!-- just a comment -->']) {
      const response = await create(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error.code).toBe('body_empty');
    }
  });
});
