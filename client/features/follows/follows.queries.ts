import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { FollowListResponse, FollowSettings, FollowState } from '../../../common/contracts/follows';
import type { ProfileResponse, PublicProfile } from '../../../common/contracts/users';
import { api } from '../../lib/api-client';
import { postKeys } from '../posts';
import { homeSourcesKey, invalidateHomeSources, timelineKeys } from '../timelines';
import {
  type FollowListKind,
  type FollowListPages,
  listFollowOf,
  withListFollow,
  withoutUser,
} from './follow-lists';
import { applyFollowAnswer, expectedFollowState, predictFollow } from './follow-state';
import {
  type Suggestion,
  suggestionFollowOf,
  suggestionsFrom,
  withSuggestionFollow,
} from './follow-suggestions';

export const followKeys = {
  all: ['follows'] as const,
  lists: (kind: FollowListKind) => ['follows', kind] as const,
  list: (kind: FollowListKind, handle: string) => ['follows', kind, handle.toLowerCase()] as const,
  requests: ['follows', 'requests'] as const,
  settings: ['me', 'follow-settings'] as const,
  suggestions: ['follows', 'suggestions'] as const,
};

const LIST_ENDPOINTS = {
  followers: 'follows.followers',
  following: 'follows.following',
} as const satisfies Record<FollowListKind, string>;

const LIST_KINDS = Object.keys(LIST_ENDPOINTS) as FollowListKind[];

const pagedByCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: FollowListResponse) => last.nextCursor ?? undefined,
};

/** An account's followers, or the accounts it follows, newest first, a page at a time. */
export function useFollowList(kind: FollowListKind, handle: string) {
  return useInfiniteQuery({
    queryKey: followKeys.list(kind, handle),
    queryFn: ({ signal, pageParam }) =>
      api(LIST_ENDPOINTS[kind], { signal, params: { handle }, query: { cursor: pageParam } }),
    ...pagedByCursor,
  });
}

/** Accounts waiting for the reader's answer, newest first. */
export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: followKeys.requests,
    queryFn: ({ signal, pageParam }) => api('follows.requests', { signal, query: { cursor: pageParam } }),
    ...pagedByCursor,
  });
}

/**
 * Accounts the reader might follow, read once per visit: reading them again would take the
 * accounts just followed away from under the reader's pointer. Each keeps its follow state here.
 */
export function useFollowSuggestions() {
  return useQuery({
    queryKey: followKeys.suggestions,
    queryFn: async ({ signal }): Promise<Suggestion[]> =>
      suggestionsFrom(await api('follows.suggestions', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * When Home shows what a follow changed: at once, or (`later`, while the reader goes down the
 * suggestions on an empty Home) on its next read, so the list stays until they ask for their
 * posts. Its live filter follows at once either way.
 */
export type HomeRefresh = 'now' | 'later';

function refreshHome(queryClient: QueryClient, when: HomeRefresh): Promise<unknown> {
  if (when === 'now') return invalidateHomeSources(queryClient);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: homeSourcesKey }),
    queryClient.invalidateQueries({ queryKey: timelineKeys.home, refetchType: 'none' }),
  ]);
}

/**
 * Follows an account or takes the follow (or the request) back. The profile (and the account's
 * row in the suggestions) changes at once and goes back as it was if the server refuses; the
 * server's answer then sets the state and count.
 */
export function useToggleFollow(user: PublicProfile, homeRefresh: HomeRefresh = 'now') {
  const queryClient = useQueryClient();
  const profileKey = postKeys.profile(user.handle);
  const setSuggestionFollow = (follow: FollowState) =>
    queryClient.setQueryData<Suggestion[]>(
      followKeys.suggestions,
      (data) => data && withSuggestionFollow(data, user.id, follow),
    );
  // The account's row in any followers or following list already read (each offers the button).
  const setListFollow = (follow: FollowState) => {
    for (const kind of LIST_KINDS)
      queryClient.setQueriesData<FollowListPages>(
        { queryKey: followKeys.lists(kind) },
        (data) => data && withListFollow(data, user.id, follow),
      );
  };
  const listFollowBefore = (): FollowState | null => {
    for (const kind of LIST_KINDS)
      for (const [, data] of queryClient.getQueriesData<FollowListPages>({
        queryKey: followKeys.lists(kind),
      })) {
        const state = data ? listFollowOf(data, user.id) : null;
        if (state !== null) return state;
      }
    return null;
  };
  return useMutation({
    mutationFn: (wantsFollow: boolean) =>
      api(wantsFollow ? 'follows.follow' : 'follows.unfollow', { params: { userId: user.id } }),
    onMutate: async (wantsFollow) => {
      // A profile read already on its way would bring the old state back over the guess.
      await queryClient.cancelQueries({ queryKey: profileKey });
      const before = queryClient.getQueryData<ProfileResponse>(profileKey);
      if (before) queryClient.setQueryData(profileKey, predictFollow(before, wantsFollow));
      const suggestions = queryClient.getQueryData<Suggestion[]>(followKeys.suggestions);
      const suggestionBefore = suggestions ? suggestionFollowOf(suggestions, user.id) : null;
      if (suggestionBefore !== null) setSuggestionFollow(expectedFollowState(user.locked, wantsFollow));
      const listBefore = listFollowBefore();
      setListFollow(expectedFollowState(user.locked, wantsFollow));
      return { before, suggestionBefore, listBefore };
    },
    onError: (_error, _wantsFollow, context) => {
      if (context?.before) queryClient.setQueryData(profileKey, context.before);
      // Only this account's row: another row may be changing at the same time.
      if (context?.suggestionBefore) setSuggestionFollow(context.suggestionBefore);
      if (context?.listBefore) setListFollow(context.listBefore);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<ProfileResponse>(
        profileKey,
        (data) => data && applyFollowAnswer(data, answer),
      );
      setSuggestionFollow(answer.state);
      setListFollow(answer.state);
    },
    onSettled: () => {
      // The reader's own "following" count and both lists changed; this profile is already right.
      // Not awaited: the button is free again as soon as the server has answered.
      void Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['profile'],
          predicate: (query) => query.queryKey[1] !== profileKey[1],
        }),
        queryClient.invalidateQueries({ queryKey: followKeys.lists('followers') }),
        queryClient.invalidateQueries({ queryKey: followKeys.lists('following') }),
        // Home is made of whom the reader follows.
        refreshHome(queryClient, homeRefresh),
      ]);
    },
  });
}

export type FollowRequestAnswer = 'approve' | 'deny';

/** Approves or denies a request; the requester leaves the list as soon as the server agrees. */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, answer }: { user: PublicProfile; answer: FollowRequestAnswer }) =>
      api(answer === 'approve' ? 'follows.approve' : 'follows.deny', { params: { userId: user.id } }),
    onSuccess: (_nothing, { user, answer }) => {
      queryClient.setQueryData<FollowListPages>(
        followKeys.requests,
        (data) => data && withoutUser(data, user.id),
      );
      if (answer === 'approve') {
        // A new follower: the reader's profile count and followers list are out of date.
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: ['profile'] }),
          queryClient.invalidateQueries({ queryKey: followKeys.lists('followers') }),
        ]);
      }
    },
  });
}

export function useFollowSettings() {
  return useQuery({
    queryKey: followKeys.settings,
    queryFn: ({ signal }) => api('follows.settings', { signal }),
  });
}

export function useUpdateFollowSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FollowSettings) => api('follows.updateSettings', { body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(followKeys.settings, saved);
      // The lock beside the reader's name on their own profile.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
