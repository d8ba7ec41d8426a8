import { describe, expect, it } from 'vitest';
import type { ProfileResponse, ProfileViewer } from '../../../common/contracts/users';
import {
  applyFollowAnswer,
  canOfferFollow,
  followButtonCopy,
  followChangeMessage,
  predictFollow,
  pressWantsFollow,
} from './follow-state';

const viewer: ProfileViewer = {
  blocking: false,
  muting: false,
  postsHidden: false,
  follow: 'none',
  followsYou: false,
};

function profile(changes: { locked?: boolean; viewer?: Partial<ProfileViewer>; followers?: number | null }) {
  const followers = changes.followers === undefined ? 10 : changes.followers;
  const result: ProfileResponse = {
    user: {
      id: 'u1',
      handle: 'ana',
      displayName: 'Ana',
      bio: '',
      avatar: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      locked: changes.locked ?? false,
    },
    counts: followers === null ? null : { posts: 1, replies: 2, likesReceived: 3, followers, following: 4 },
    viewer: { ...viewer, ...changes.viewer },
  };
  return result;
}

describe('followButtonCopy', () => {
  it('shows the state and names what pressing does, starting with the words shown', () => {
    expect(followButtonCopy('none', 'ana')).toEqual({ text: 'Follow', label: 'Follow @ana' });
    expect(followButtonCopy('requested', 'ana')).toEqual({
      text: 'Requested',
      label: 'Requested: cancel the follow request to @ana',
    });
    expect(followButtonCopy('following', 'ana')).toEqual({
      text: 'Following',
      label: 'Following: unfollow @ana',
    });
  });

  it('says what the server agreed to', () => {
    expect(followChangeMessage('following', 'ana')).toBe('You follow @ana now.');
    expect(followChangeMessage('requested', 'ana')).toBe('Follow request sent to @ana.');
    expect(followChangeMessage('none', 'ana')).toBe('You no longer follow @ana.');
  });
});

describe('pressWantsFollow', () => {
  it('follows from none and takes back a follow or a request', () => {
    expect(pressWantsFollow('none')).toBe(true);
    expect(pressWantsFollow('requested')).toBe(false);
    expect(pressWantsFollow('following')).toBe(false);
  });
});

describe('canOfferFollow', () => {
  it('offers following unless a block stands between the accounts, either way', () => {
    expect(canOfferFollow(viewer)).toBe(true);
    expect(canOfferFollow({ ...viewer, muting: true, postsHidden: true })).toBe(true);
    expect(canOfferFollow({ ...viewer, blocking: true, postsHidden: true })).toBe(false);
    expect(canOfferFollow({ ...viewer, blocking: true, muting: true, postsHidden: true })).toBe(false);
    // Hidden with neither a block nor a mute of the reader's own: the account blocks the reader.
    expect(canOfferFollow({ ...viewer, postsHidden: true })).toBe(false);
  });
});

describe('predictFollow', () => {
  it('counts a new follower at once for an open account', () => {
    const next = predictFollow(profile({}), true);
    expect(next.viewer.follow).toBe('following');
    expect(next.counts?.followers).toBe(11);
  });

  it('expects a request, and no new follower yet, from a locked account', () => {
    const next = predictFollow(profile({ locked: true }), true);
    expect(next.viewer.follow).toBe('requested');
    expect(next.counts?.followers).toBe(10);
  });

  it('takes a follower away on unfollow, and none when a request is taken back', () => {
    expect(predictFollow(profile({ viewer: { follow: 'following' } }), false)).toMatchObject({
      viewer: { follow: 'none' },
      counts: { followers: 9 },
    });
    expect(predictFollow(profile({ locked: true, viewer: { follow: 'requested' } }), false)).toMatchObject({
      viewer: { follow: 'none' },
      counts: { followers: 10 },
    });
  });

  it('never counts below zero, and leaves hidden counts hidden', () => {
    expect(
      predictFollow(profile({ viewer: { follow: 'following' }, followers: 0 }), false).counts?.followers,
    ).toBe(0);
    expect(predictFollow(profile({ followers: null }), true)).toMatchObject({
      viewer: { follow: 'following' },
      counts: null,
    });
  });

  it('leaves the rest of the profile as it was', () => {
    const before = profile({ viewer: { followsYou: true } });
    const next = predictFollow(before, true);
    expect(next.user).toBe(before.user);
    expect(next.viewer.followsYou).toBe(true);
    expect(next.counts?.following).toBe(4);
    expect(before.viewer.follow).toBe('none');
  });
});

describe('applyFollowAnswer', () => {
  it("takes the server's state and absolute count over the guess", () => {
    const guessed = predictFollow(profile({}), true);
    const answered = applyFollowAnswer(guessed, { state: 'requested', followerCount: 10 });
    expect(answered.viewer.follow).toBe('requested');
    expect(answered.counts?.followers).toBe(10);
    expect(applyFollowAnswer(answered, { state: 'requested', followerCount: 10 })).toEqual(answered);
  });
});
