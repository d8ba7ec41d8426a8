import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '../../../common/contracts/users';
import { expectedFollowState } from './follow-state';
import {
  bioFirstLine,
  suggestionFollowOf,
  suggestionsFrom,
  withSuggestionFollow,
} from './follow-suggestions';

function account(id: string): PublicProfile {
  return {
    id,
    handle: id,
    displayName: id.toUpperCase(),
    bio: '',
    avatar: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    locked: false,
  };
}

describe('suggestions', () => {
  const list = suggestionsFrom({ users: [account('ana'), account('ben'), account('cat')] });

  it('start with nobody followed, in the order the server ranked them', () => {
    expect(list.map(({ user, follow }) => [user.id, follow])).toEqual([
      ['ana', 'none'],
      ['ben', 'none'],
      ['cat', 'none'],
    ]);
  });

  it('keep a followed account in its place, with its new state', () => {
    const changed = withSuggestionFollow(list, 'ben', 'following');
    expect(changed.map(({ user, follow }) => [user.id, follow])).toEqual([
      ['ana', 'none'],
      ['ben', 'following'],
      ['cat', 'none'],
    ]);
    expect(suggestionFollowOf(changed, 'ben')).toBe('following');
    expect(suggestionFollowOf(changed, 'dan')).toBeNull();
    // Someone not in the list changes nothing.
    expect(withSuggestionFollow(list, 'dan', 'following')).toEqual(list);
  });
});

describe('expectedFollowState', () => {
  it('expects a request for a locked account, a follow otherwise, and nothing once taken back', () => {
    expect(expectedFollowState(false, true)).toBe('following');
    expect(expectedFollowState(true, true)).toBe('requested');
    expect(expectedFollowState(true, false)).toBe('none');
  });
});

describe('bioFirstLine', () => {
  it('takes the first line with words, trimmed', () => {
    expect(bioFirstLine('  Gardener.  \nLoves tulips.')).toBe('Gardener.');
    expect(bioFirstLine('\n\n  Second line first\nthird')).toBe('Second line first');
    expect(bioFirstLine('')).toBe('');
    expect(bioFirstLine('  \n ')).toBe('');
  });
});
