import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HomeSourcesResponse } from '../../../common/contracts/follows';
import type { HashtagResponse } from '../../../common/contracts/hashtags';
import { api } from '../../lib/api-client';
import type { Timeline } from '../posts';
import { isHomePost, isHomeRepost, isTagPost } from './timeline-membership';

/**
 * Timelines' pages live under ['timelines', …], where the posts feature's cache updates reach
 * them (live edits, likes, deletions, blocks); everything else here is kept outside that prefix.
 */
export const timelineKeys = {
  home: ['timelines', 'home'] as const,
  tag: (key: string) => ['timelines', 'tag', key] as const,
};

export const homeSourcesKey = ['home-sources'] as const;

export const hashtagKeys = {
  tag: (key: string) => ['hashtag', key] as const,
  followed: ['followed-tags'] as const,
  trending: ['trending-tags'] as const,
};

/** Trending moves over hours; a visit to the feed reads it again after this long. */
const TRENDING_STALE_MS = 5 * 60 * 1000;

/** Who and which tags the reader follows: what the live feed is filtered with for Home. */
export function useHomeSources(isEnabled = true) {
  return useQuery({
    queryKey: homeSourcesKey,
    queryFn: ({ signal }) => api('timelines.homeSources', { signal }),
    enabled: isEnabled,
  });
}

/**
 * After the reader follows or unfollows someone or a hashtag: Home's sources are read again (the
 * live filter changes with them), and Home itself when next shown (or now, if it is on screen).
 */
export async function invalidateHomeSources(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: homeSourcesKey }),
    queryClient.invalidateQueries({ queryKey: timelineKeys.home }),
  ]);
}

/** Posts by those the reader follows, with the followed tags, and the reader's own; and their reposts. */
export function homeTimeline(queryClient: QueryClient, readerId: string): Timeline {
  return {
    queryKey: timelineKeys.home,
    readPage: (cursor, signal) => api('timelines.home', { signal, query: { cursor } }),
    // Read when each post arrives: a follow made since the page opened counts at once.
    belongs: (post) =>
      isHomePost(post, queryClient.getQueryData<HomeSourcesResponse>(homeSourcesKey), readerId),
    // Home is the one timeline with reposts in it: those by the reader and by whom they follow.
    takesRepost: (repost) =>
      isHomeRepost(repost, queryClient.getQueryData<HomeSourcesResponse>(homeSourcesKey), readerId),
  };
}

/** A hashtag's posts, by its key. */
export function tagTimeline(tagKey: string): Timeline {
  return {
    queryKey: timelineKeys.tag(tagKey),
    readPage: (cursor, signal) =>
      api('timelines.tag', { signal, params: { tag: tagKey }, query: { cursor } }),
    belongs: (post) => isTagPost(post, tagKey),
  };
}

export function useHashtag(tagKey: string, isEnabled: boolean) {
  return useQuery({
    queryKey: hashtagKeys.tag(tagKey),
    queryFn: ({ signal }) => api('hashtags.get', { signal, params: { tag: tagKey } }),
    enabled: isEnabled,
  });
}

/** Follows a hashtag or stops following it; shown at once, put back if the server refuses. */
export function useToggleHashtagFollow(tagKey: string) {
  const queryClient = useQueryClient();
  const set = (followedByMe: boolean) =>
    queryClient.setQueryData<HashtagResponse>(hashtagKeys.tag(tagKey), (data) => ({
      tag: data?.tag ?? tagKey,
      followedByMe,
    }));
  return useMutation({
    mutationFn: (isOn: boolean) =>
      api(isOn ? 'hashtags.follow' : 'hashtags.unfollow', { params: { tag: tagKey } }),
    onMutate: set,
    onSuccess: (answer) => {
      set(answer.followedByMe);
      void queryClient.invalidateQueries({ queryKey: hashtagKeys.followed });
      void invalidateHomeSources(queryClient);
    },
    onError: (_error, isOn) => set(!isOn),
  });
}

export function useTrendingTags(isEnabled: boolean) {
  return useQuery({
    queryKey: hashtagKeys.trending,
    queryFn: ({ signal }) => api('hashtags.trending', { signal }),
    staleTime: TRENDING_STALE_MS,
    enabled: isEnabled,
  });
}
