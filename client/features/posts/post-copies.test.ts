import { describe, expect, it } from 'vitest';
import type { Post } from '../../../common/contracts/posts';
import { aPost } from '../../test-support/post-fixture';
import { entryKeyOf, holdsEntry, keepEntry, patchCopies, withQuoteRemoved } from './post-copies';

function post(id: string, overrides: Partial<Post> = {}): Post {
  return aPost({ id, ...overrides });
}

const ana = { id: 'ana', handle: 'ana', displayName: 'Ana', avatar: null };
const reposted = (original: Post, repostId: string): Post => ({
  ...original,
  repostedBy: { id: repostId, by: ana, createdAt: '2026-01-02T00:00:00.000Z' },
});

describe('a post in a list twice', () => {
  const original = post('p1');
  const list = [reposted(original, 'r1'), post('p2'), original];

  it('has a key per entry: a repost its own id, a post its id', () => {
    expect(list.map(entryKeyOf)).toEqual(['r1', 'p2', 'p1']);
    expect(holdsEntry(list, 'r1')).toBe(true);
    expect(holdsEntry([original], 'r1')).toBe(false);
  });

  it('patches every copy, each keeping its own place even when the post is replaced whole', () => {
    const edited = post('p1', { bodyText: 'Edited', likeCount: 2 });
    const [asRepost, other, asItself] = patchCopies(list, 'p1', () => edited);
    expect(asRepost).toMatchObject({ bodyText: 'Edited', likeCount: 2, repostedBy: { id: 'r1' } });
    expect(asItself).toMatchObject({ bodyText: 'Edited', repostedBy: null });
    expect(other).toBe(list[1]);
  });

  it('keeps the object itself when the entry is unchanged', () => {
    const changed = { ...original, likeCount: 1 };
    expect(keepEntry(original, changed)).toBe(changed);
  });
});

describe('withQuoteRemoved', () => {
  const quote = {
    state: 'visible',
    id: 'gone',
    author: ana,
    excerpt: 'Hi',
    createdAt: '2026-01-01T00:00:00.000Z',
    imageCount: 0,
  } as const;

  it('turns the card of a quote of the deleted post into a removed one', () => {
    expect(withQuoteRemoved(post('q', { quote }), 'gone').quote).toEqual({ state: 'removed' });
  });

  it('leaves other posts as they are, the same objects', () => {
    const other = post('q', { quote: { ...quote, id: 'kept' } });
    const unavailable = post('u', { quote: { state: 'unavailable' } });
    expect(withQuoteRemoved(other, 'gone')).toBe(other);
    expect(withQuoteRemoved(unavailable, 'gone')).toBe(unavailable);
    expect(withQuoteRemoved(post('n'), 'gone').quote).toBeNull();
  });
});
