import { describe, expect, it } from 'vitest';
import type { PostPage, PostResponse } from '../../common/contracts/posts';
import { type ApiCall, pathOf } from './api-client';
import { uploadForm } from './upload';

/**
 * Calls that must not compile: `tsc -p client` checks every `@ts-expect-error` below (an error
 * that went away fails the type check). Never run: they only have to be type-checked.
 */
export async function callsTheTableRefuses(api: ApiCall, form: FormData): Promise<void> {
  // @ts-expect-error an endpoint the table does not have
  await api('posts.nope');
  // @ts-expect-error a path instead of an endpoint name
  await api('/posts');
  // @ts-expect-error a body of the wrong shape
  await api('posts.create', { body: { text: 'hello' } });
  // @ts-expect-error a body field of the wrong type
  await api('posts.update', { params: { id: 'x' }, body: { body: 42 } });
  // @ts-expect-error the path parameter is missing
  await api('posts.get');
  // @ts-expect-error a path parameter of another name
  await api('posts.get', { params: { postId: 'x' } });
  // @ts-expect-error a body where the endpoint takes none
  await api('posts.get', { params: { id: 'x' }, body: {} });
  // @ts-expect-error a query field the endpoint does not read
  await api('posts.feed', { query: { page: 2 } });
  // @ts-expect-error an answer is typed by the table, not by the caller
  const wrong: PostPage = await api('posts.get', { params: { id: 'x' } });
  // @ts-expect-error a 204 answers nothing
  const nothing: PostResponse = await api('auth.logOut');
  // @ts-expect-error only multipart endpoints take a form
  await uploadForm('posts.create', form);
  void [wrong, nothing];
}

/** The same calls, written right, compile and are typed from the table. */
export async function callsTheTableTakes(api: ApiCall, form: FormData): Promise<PostResponse['post'][]> {
  const page: PostPage = await api('posts.feed', { query: { cursor: undefined } });
  const first = await api('posts.feed');
  const { post } = await api('posts.get', { params: { id: 'x' }, signal: AbortSignal.timeout(1000) });
  const done: void = await api('auth.logOut');
  const { user } = await uploadForm('account.setAvatar', form);
  void [done, user];
  return [...page.posts, ...first.posts, post];
}

describe('pathOf', () => {
  it('fills each path parameter, percent-encoded', () => {
    expect(pathOf('/posts/:id/like', { id: 'a b/c' })).toBe('/posts/a%20b%2Fc/like');
    expect(pathOf('/users/:handle', { handle: '@ada' })).toBe('/users/%40ada');
    expect(pathOf('/feed')).toBe('/feed');
  });

  it('refuses to build a path without one of its parameters', () => {
    expect(() => pathOf('/posts/:id', {})).toThrow(/needs the parameter id/);
  });
});
