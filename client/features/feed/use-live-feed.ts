import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  FEED_SKIPPED_EVENT,
  type FeedEvent,
  type FeedSkippedEvent,
  userChannel,
} from '../../../common/contracts/live-events';
import type { SafetyStatusResponse } from '../../../common/contracts/safety';
import type { Post } from '../../../common/contracts/posts';
import { api } from '../../lib/api-client';
import { useLiveChannel } from '../../realtime/use-live-channel';
import { type ConnectionState, useConnectionState } from '../../realtime/use-realtime';
import {
  insertKeepingReadingPlace,
  insertPost,
  patchPost,
  postKeys,
  type PostPages,
  removePost,
} from '../posts';
import { safetyKeys, useSafetyStatus } from '../safety';
import { pendingPosts } from './pending-posts';
import { isReaderIdle, watchReaderActivity } from './reader-activity';

/** Closer to the top than this, a new post goes in at once; further down, it waits behind the pill. */
const AT_TOP_PX = 120;

/** At the top of the feed and not acting: a new post can go in without taking anything away. */
function isReadingFeedTop(): boolean {
  return window.location.pathname === '/' && window.scrollY < AT_TOP_PX && isReaderIdle();
}

function isCached(queryClient: QueryClient, postId: string): boolean {
  const feed = queryClient.getQueryData<PostPages>(postKeys.feed);
  return feed?.pages.some((page) => page.posts.some((p) => p.id === postId)) ?? false;
}

/**
 * A new top-level post: the reader's own goes straight in (they just wrote it); another's goes
 * in above the post they are reading, which stays put on screen, or waits behind the pill.
 */
export function deliverNewPost(queryClient: QueryClient, post: Post, readerId: string | null): void {
  if (post.parentId !== null || isCached(queryClient, post.id) || post.author.id === readerId)
    return insertPost(queryClient, post);
  if (isReadingFeedTop()) insertKeepingReadingPlace(post.id, () => insertPost(queryClient, post));
  else pendingPosts.add(post);
}

function applyEvent(queryClient: QueryClient, event: FeedEvent, readerId: string | null): void {
  switch (event.type) {
    case 'post.created':
      return deliverNewPost(queryClient, { ...event.post, likedByMe: false }, readerId);
    case 'post.updated': {
      const change = (p: Post) => ({ ...p, ...event.post, likedByMe: p.likedByMe });
      patchPost(queryClient, event.post.id, change);
      return pendingPosts.patch(event.post.id, change);
    }
    case 'post.deleted':
      removePost(queryClient, event.postId);
      return pendingPosts.remove(event.postId);
    case 'post.liked':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, likeCount: event.likeCount }));
    case 'post.replied':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, replyCount: event.replyCount }));
  }
}

/** After a reconnect or a gap: fetch the newest page and deliver what was missed, in order. */
async function catchUp(queryClient: QueryClient, readerId: string | null): Promise<void> {
  const latest = await api('posts.feed');
  for (const post of [...latest.posts].reverse()) {
    if (isCached(queryClient, post.id)) patchPost(queryClient, post.id, () => post);
    else deliverNewPost(queryClient, post, readerId);
  }
  await queryClient.invalidateQueries({ queryKey: ['replies'] });
}

/**
 * Keeps every cached post list in step with the server's live events while signed in. The
 * server names the channel: the public feed, or the reader's own filtered one once they block,
 * mute or are blocked (docs/realtime.md); it says so again on the private channel when that
 * changes.
 */
export function useLiveFeed(userId: string | null): ConnectionState {
  const isEnabled = userId !== null;
  const queryClient = useQueryClient();
  const lastSeq = useRef(0);
  const state = useConnectionState(isEnabled);
  const hasConnected = useRef(false);
  const channel = useSafetyStatus(isEnabled).data?.liveFeedChannel ?? null;
  const previousChannel = useRef<string | null>(null);

  // Every event, shown or skipped, moves the reader's place in the one sequence.
  const onFeedEvent = (event: FeedEvent | FeedSkippedEvent) => {
    if (event.seq <= lastSeq.current) return;
    const isGap = lastSeq.current > 0 && event.seq > lastSeq.current + 1;
    lastSeq.current = event.seq;
    if (event.type !== FEED_SKIPPED_EVENT) applyEvent(queryClient, event, userId);
    if (isGap) void catchUp(queryClient, userId);
  };
  // The filtered kind's events are the public feed's and `feed.skipped`: the server may name
  // either channel, so the hook takes all of them.
  useLiveChannel(isEnabled ? channel : null, 'filteredFeed', {
    'post.created': onFeedEvent,
    'post.updated': onFeedEvent,
    'post.deleted': onFeedEvent,
    'post.liked': onFeedEvent,
    'post.replied': onFeedEvent,
    'feed.skipped': onFeedEvent,
  });

  useLiveChannel(userId === null ? null : userChannel(userId), 'user', {
    'feed.channel_changed': ({ liveFeedChannel }) => {
      queryClient.setQueryData<SafetyStatusResponse>(
        safetyKeys.status,
        (status) => status && { ...status, liveFeedChannel },
      );
    },
  });

  // Events published while switching channels went to the old one: fetch what may be missed.
  useEffect(() => {
    if (channel === null) return;
    if (previousChannel.current !== null && previousChannel.current !== channel)
      void catchUp(queryClient, userId);
    previousChannel.current = channel;
  }, [channel, queryClient, userId]);

  useEffect(() => {
    if (state !== 'connected') return;
    if (hasConnected.current) void catchUp(queryClient, userId);
    hasConnected.current = true;
  }, [state, queryClient, userId]);

  useEffect(() => (isEnabled ? watchReaderActivity() : undefined), [isEnabled]);
  return state;
}
