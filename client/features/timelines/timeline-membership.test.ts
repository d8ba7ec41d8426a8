import { describe, expect, it } from 'vitest';
import { isHomePost, isHomeRepost, isTagPost, type PostShape } from './timeline-membership';

const READER = 'reader';
const tagged = (...keys: string[]) =>
  `<p>${keys.map((key) => `<a href="/tags/${key}" data-type="hashtag" data-id="${key}">#${key}</a>`).join(' ')}</p>`;

function post(authorId: string, bodyHtml = '<p>Hi</p>', parentId: string | null = null): PostShape {
  return { author: { id: authorId }, bodyHtml, parentId };
}

describe('isHomePost', () => {
  const sources = { userIds: ['ana', 'bo'], tags: ['rust', 'café'] };

  it('takes the reader’s own posts, even before the sources are known', () => {
    expect(isHomePost(post(READER), sources, READER)).toBe(true);
    expect(isHomePost(post(READER), undefined, READER)).toBe(true);
    expect(isHomePost(post('ana'), undefined, READER)).toBe(false);
  });

  it('takes posts by followed accounts', () => {
    expect(isHomePost(post('ana'), sources, READER)).toBe(true);
    expect(isHomePost(post('cy'), sources, READER)).toBe(false);
  });

  it('takes posts carrying a followed tag, by anyone', () => {
    expect(isHomePost(post('cy', tagged('news', 'rust')), sources, READER)).toBe(true);
    expect(isHomePost(post('cy', tagged('Café')), sources, READER)).toBe(true);
    expect(isHomePost(post('cy', tagged('news')), sources, READER)).toBe(false);
    expect(isHomePost(post('cy', '<p>#rust as plain text</p>'), sources, READER)).toBe(false);
  });

  it('leaves replies out, whoever wrote them', () => {
    expect(isHomePost(post(READER, '<p>Hi</p>', 'parent'), sources, READER)).toBe(false);
    expect(isHomePost(post('ana', '<p>Hi</p>', 'parent'), sources, READER)).toBe(false);
    expect(isHomePost(post('cy', tagged('rust'), 'parent'), sources, READER)).toBe(false);
  });

  it('takes nothing but the reader’s own when they follow no one', () => {
    const none = { userIds: [], tags: [] };
    expect(isHomePost(post('ana', tagged('rust')), none, READER)).toBe(false);
    expect(isHomePost(post(READER), none, READER)).toBe(true);
  });
});

describe('isTagPost', () => {
  it('takes top-level posts linking to the tag', () => {
    expect(isTagPost(post('ana', tagged('rust', 'wasm')), 'wasm')).toBe(true);
    expect(isTagPost(post('ana', tagged('rust')), 'wasm')).toBe(false);
  });

  it('compares keys, so any case of the tag counts', () => {
    expect(isTagPost(post('ana', tagged('Rust')), 'rust')).toBe(true);
  });

  it('leaves out replies and posts that only mention the word', () => {
    expect(isTagPost(post('ana', tagged('rust'), 'parent'), 'rust')).toBe(false);
    expect(isTagPost(post('ana', '<p>#rust</p>'), 'rust')).toBe(false);
  });
});

describe('isHomeRepost', () => {
  const sources = { userIds: ['ana'], tags: ['rust'] };
  const repostBy = (reposterId: string, parentId: string | null = null) => ({
    parentId,
    repostedBy: { by: { id: reposterId } },
  });

  it('takes reposts by followed accounts and by the reader, whoever wrote the post', () => {
    expect(isHomeRepost(repostBy('ana'), sources, READER)).toBe(true);
    expect(isHomeRepost(repostBy(READER), sources, READER)).toBe(true);
    expect(isHomeRepost(repostBy(READER), undefined, READER)).toBe(true);
  });

  it('leaves out reposts by anyone else, and before the sources are known', () => {
    expect(isHomeRepost(repostBy('cy'), sources, READER)).toBe(false);
    expect(isHomeRepost(repostBy('ana'), undefined, READER)).toBe(false);
  });

  it('takes no repost of a reply (the server makes none)', () => {
    expect(isHomeRepost(repostBy('ana', 'parent'), sources, READER)).toBe(false);
  });
});
