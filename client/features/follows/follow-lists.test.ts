import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '../../../common/contracts/users';
import {
  followListEmpty,
  followListHeading,
  type FollowListPages,
  listFollowOf,
  neighbourOf,
  withListFollow,
  withoutUser,
} from './follow-lists';

const person = (handle: string): PublicProfile => ({
  id: handle,
  handle,
  displayName: handle.toUpperCase(),
  bio: '',
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  locked: false,
});

describe('follow list copy', () => {
  it('names the list after the account', () => {
    expect(followListHeading('followers', 'Ana')).toBe('Followers of Ana');
    expect(followListHeading('following', 'Ana')).toBe('Followed by Ana');
    expect(followListEmpty('followers')).toBe('No followers yet.');
    expect(followListEmpty('following')).toBe('Not following anyone yet.');
  });
});

describe('withoutUser', () => {
  it('takes one account out of whichever page holds it and keeps the cursors', () => {
    const data: FollowListPages = {
      pages: [
        { users: [person('ana'), person('bo')], viewerFollows: {}, nextCursor: 'c1' },
        { users: [person('cy')], viewerFollows: {}, nextCursor: null },
      ],
      pageParams: [undefined, 'c1'],
    };
    const next = withoutUser(data, 'bo');
    expect(next.pages.map((page) => page.users.map((user) => user.id))).toEqual([['ana'], ['cy']]);
    expect(next.pages.map((page) => page.nextCursor)).toEqual(['c1', null]);
    expect(next.pageParams).toEqual([undefined, 'c1']);
    expect(data.pages[0]?.users).toHaveLength(2);
  });
});

describe("the reader's follow state in a list", () => {
  const data: FollowListPages = {
    pages: [
      { users: [person('me'), person('bo')], viewerFollows: { bo: 'none' }, nextCursor: 'c1' },
      { users: [person('cy')], viewerFollows: { cy: 'following' }, nextCursor: null },
    ],
    pageParams: [undefined, 'c1'],
  };

  it('reads it from whichever page lists the account, and none for the reader or an unlisted one', () => {
    expect(listFollowOf(data, 'bo')).toBe('none');
    expect(listFollowOf(data, 'cy')).toBe('following');
    expect(listFollowOf(data, 'me')).toBeNull();
    expect(listFollowOf(data, 'dee')).toBeNull();
  });

  it('changes it on the page that offers it, and gives a list without the account back as it was', () => {
    const next = withListFollow(data, 'cy', 'none');
    expect(next.pages.map((page) => page.viewerFollows)).toEqual([{ bo: 'none' }, { cy: 'none' }]);
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(data.pages[1]?.viewerFollows).toEqual({ cy: 'following' });
    // The reader's own row never gains a button.
    expect(withListFollow(data, 'me', 'following')).toBe(data);
  });
});

describe('neighbourOf', () => {
  it('moves to the next row, to the one above after the last, and nowhere when none is left', () => {
    expect(neighbourOf(['a', 'b', 'c'], 'b')).toBe('c');
    expect(neighbourOf(['a', 'b', 'c'], 'c')).toBe('b');
    expect(neighbourOf(['a'], 'a')).toBeNull();
    expect(neighbourOf(['a'], 'x')).toBeNull();
  });
});
