import type { InfiniteData } from '@tanstack/react-query';
import type { FollowListResponse, FollowState } from '../../../common/contracts/follows';
import { translate } from '../../i18n';
import { followsMessages, type FollowsTranslate } from './follows.messages';

/** The two lists a profile links to. */
export type FollowListKind = 'followers' | 'following';

export type FollowListPages = InfiniteData<FollowListResponse>;

const COPY = {
  followers: { heading: 'followersHeading', empty: 'followersEmpty' },
  following: { heading: 'followingHeading', empty: 'followingEmpty' },
} as const satisfies Record<FollowListKind, { heading: string; empty: string }>;

/** "Followers of Ana", "Followed by Ana": the page's heading and title. */
export const followListHeading = (
  kind: FollowListKind,
  name: string,
  t: FollowsTranslate = translate(followsMessages),
): string => t(COPY[kind].heading, { name });

export const followListEmpty = (
  kind: FollowListKind,
  t: FollowsTranslate = translate(followsMessages),
): string => t(COPY[kind].empty);

/**
 * The pages without one account, cursors untouched: they are keyset cursors (a time and an
 * id), so taking a row out does not move the next page.
 */
export function withoutUser(data: FollowListPages, userId: string): FollowListPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, users: page.users.filter((user) => user.id !== userId) })),
  };
}

/** The reader's follow state towards an account on these pages, or null where it offers none. */
export function listFollowOf(data: FollowListPages, userId: string): FollowState | null {
  for (const page of data.pages) {
    const state = page.viewerFollows[userId];
    if (state !== undefined) return state;
  }
  return null;
}

/** The pages with the reader's state towards one account changed, on each page offering it. */
export function withListFollow(data: FollowListPages, userId: string, state: FollowState): FollowListPages {
  if (listFollowOf(data, userId) === null) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.viewerFollows[userId] === undefined
        ? page
        : { ...page, viewerFollows: { ...page.viewerFollows, [userId]: state } },
    ),
  };
}

/**
 * Where the keyboard goes once a row leaves: the row that takes its place, or the one above
 * when it was the last; null when the list is left empty.
 */
export function neighbourOf(ids: readonly string[], removedId: string): string | null {
  const index = ids.indexOf(removedId);
  if (index === -1) return null;
  return ids[index + 1] ?? ids[index - 1] ?? null;
}
