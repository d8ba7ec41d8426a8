import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';

/** Counts the queries Kysely builds and compiles; a compiled query template run again is not one. */
class CompiledQueryCounter implements KyselyPlugin {
  compiled: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.compiled.push(node.kind);
    return node;
  }
  async transformResult<R>({ result }: { result: R }): Promise<R> {
    return result;
  }
}

let t: TestApp;
let counter: CompiledQueryCounter;
beforeEach(async () => {
  counter = new CompiledQueryCounter();
  t = await createTestApp({}, { plugins: [counter] });
});
afterEach(async () => {
  await t.close();
});

async function post(cookie: string, body: string, parentId?: string): Promise<string> {
  const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body, parentId } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

async function get(url: string, cookie?: string) {
  const response = await t.api({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    posts?: { id: string; likedByMe: boolean; author: { handle: string } }[];
    post?: { likedByMe: boolean };
    nextCursor?: string | null;
  }>();
}

/**
 * The reads every open tab repeats: feed pages (first and later), a post, its replies. Building
 * and compiling a query with Kysely costs more than SQLite running it (BENCHMARKS.md), so these
 * run compiled query templates, signed in or not, whether the reader hides authors or not.
 */
describe('feed read path', () => {
  it('compiles no query at request time once each read has run, signed in or out, with blocks and mutes', async () => {
    const ana = await signedUpUser(t, { handle: 'ana' });
    const ben = await signedUpUser(t, { handle: 'ben' });
    const cy = await signedUpUser(t, { handle: 'cyd' });
    const first = await post(ben.cookie, 'first');
    await post(cy.cookie, 'reply', first);
    // More than a page of ben's alone, so a reader who hides cy still has a second page.
    for (let i = 0; i < 44; i++) await post(i % 2 ? ben.cookie : cy.cookie, `post ${i}`);
    const liked = await t.api({ method: 'PUT', url: `/api/v1/posts/${first}/like`, cookie: ana.cookie });
    expect(liked.statusCode).toBe(200);

    const readAll = async (cookie?: string) => {
      const page = await get('/api/v1/feed', cookie);
      expect(page.nextCursor).toEqual(expect.any(String));
      await get(`/api/v1/feed?cursor=${page.nextCursor}`, cookie);
      await get(`/api/v1/posts/${first}`, cookie);
      await get(`/api/v1/posts/${first}/replies`, cookie);
    };
    /** The queries compiled by a second round of the same reads. */
    const compiledOnSecondRead = async (cookie?: string) => {
      await readAll(cookie);
      counter.compiled = [];
      await readAll(cookie);
      return [...counter.compiled];
    };
    const signedOut = await compiledOnSecondRead();
    const signedIn = await compiledOnSecondRead(ana.cookie);

    // A reader who mutes and is blocked takes the filtered page query.
    const muted = await t.api({
      method: 'POST',
      url: '/api/v1/me/mutes',
      cookie: ana.cookie,
      payload: { userId: cy.user.id },
    });
    expect(muted.statusCode).toBe(201);
    const blocked = await t.api({
      method: 'POST',
      url: '/api/v1/me/blocks',
      cookie: cy.cookie,
      payload: { userId: ana.user.id },
    });
    expect(blocked.statusCode).toBe(201);
    const hiding = await compiledOnSecondRead(ana.cookie);
    expect({ signedOut, signedIn, hiding }).toEqual({ signedOut: [], signedIn: [], hiding: [] });
    // The reads are still the reader's own: their like, and nothing by the muted author.
    const page = await get('/api/v1/feed', ana.cookie);
    expect(page.posts).toHaveLength(20);
    expect(page.posts?.every((p) => p.author.handle === 'ben')).toBe(true);
    expect((await get(`/api/v1/posts/${first}`, ana.cookie)).post?.likedByMe).toBe(true);
  });
});
