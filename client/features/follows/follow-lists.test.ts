import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '../../../common/contracts/users';
import {
  followListEmpty,
  followListHeading,
  type FollowListPages,
  neighbourOf,
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
        { users: [person('ana'), person('bo')], nextCursor: 'c1' },
        { users: [person('cy')], nextCursor: null },
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

describe('neighbourOf', () => {
  it('moves to the next row, to the one above after the last, and nowhere when none is left', () => {
    expect(neighbourOf(['a', 'b', 'c'], 'b')).toBe('c');
    expect(neighbourOf(['a', 'b', 'c'], 'c')).toBe('b');
    expect(neighbourOf(['a'], 'a')).toBeNull();
    expect(neighbourOf(['a'], 'x')).toBeNull();
  });
});
