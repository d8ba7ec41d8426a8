import type { FollowResponse, FollowState } from '../../../common/contracts/follows';
import type { ProfileResponse, ProfileViewer } from '../../../common/contracts/users';
import { translate } from '../../i18n';
import { followsMessages, type FollowsTranslate } from './follows.messages';

/** What the button shows (`text`) and what it is called for assistive technology (`label`). */
export interface FollowButtonCopy {
  text: string;
  label: string;
}

/**
 * Each label starts with the words on the button, so a voice command that says what is seen
 * still finds it, and goes on with what pressing it does.
 */
export function followButtonCopy(
  state: FollowState,
  handle: string,
  t: FollowsTranslate = translate(followsMessages),
): FollowButtonCopy {
  switch (state) {
    case 'none':
      return { text: t('followText'), label: t('followLabel', { handle }) };
    case 'requested':
      return { text: t('requestedText'), label: t('requestedLabel', { handle }) };
    case 'following':
      return { text: t('followingText'), label: t('followingLabel', { handle }) };
  }
}

/** What is said politely once the server has agreed to a change. */
export function followChangeMessage(
  state: FollowState,
  handle: string,
  t: FollowsTranslate = translate(followsMessages),
): string {
  switch (state) {
    case 'none':
      return t('unfollowedMessage', { handle });
    case 'requested':
      return t('requestSentMessage', { handle });
    case 'following':
      return t('followedMessage', { handle });
  }
}

/** Pressing the button follows from "none"; from either other state it takes the follow back. */
export const pressWantsFollow = (state: FollowState): boolean => state === 'none';

/**
 * Following is offered unless a block stands between the two accounts, either way. A mute
 * hides posts too (`postsHidden`) but leaves following possible.
 */
export function canOfferFollow(viewer: ProfileViewer): boolean {
  const isBlockedEitherWay = viewer.blocking || (viewer.postsHidden && !viewer.muting);
  return !isBlockedEitherWay;
}

function withFollow(profile: ProfileResponse, state: FollowState, followers: number | null): ProfileResponse {
  return {
    ...profile,
    viewer: { ...profile.viewer, follow: state },
    counts: profile.counts && followers !== null ? { ...profile.counts, followers } : profile.counts,
  };
}

/** What the server will most likely answer: following a locked account only asks its owner. */
export function expectedFollowState(locked: boolean, wantsFollow: boolean): FollowState {
  if (!wantsFollow) return 'none';
  return locked ? 'requested' : 'following';
}

/**
 * The profile as the server will most likely answer, shown at once: a locked account gets a
 * request (no new follower yet), any other a follower more; taking a follow back removes one.
 */
export function predictFollow(profile: ProfileResponse, wantsFollow: boolean): ProfileResponse {
  const before = profile.viewer.follow;
  const after = expectedFollowState(profile.user.locked, wantsFollow);
  const change = (after === 'following' ? 1 : 0) - (before === 'following' ? 1 : 0);
  const followers = profile.counts ? Math.max(0, profile.counts.followers + change) : null;
  return withFollow(profile, after, followers);
}

/** The server's answer replaces the guess: its count is absolute, so applying it twice stays right. */
export function applyFollowAnswer(profile: ProfileResponse, answer: FollowResponse): ProfileResponse {
  return withFollow(profile, answer.state, answer.followerCount);
}
